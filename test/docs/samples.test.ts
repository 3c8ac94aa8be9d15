/**
 * The sample outputs of the docs are what the fake answers (samples.ts makes them): every block
 * marked `<!-- sample: NAME -->` holds exactly its sample, and every JSON block of docs/ is either
 * a sample or an excerpt of a file (`<!-- from: PATH -->`). After a change to what the fake
 * answers, `npm run docs:samples` (UPDATE_SAMPLES=1) rewrites the marked blocks: review the diff.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { blocks } from '../support/doc-blocks.js'
import { allSamples } from './samples.js'

const DOCS = new URL('../../docs/', import.meta.url)
const PAGES = readdirSync(DOCS).filter((file) => file.endsWith('.md'))
const MARKER = /^<!-- sample: (\S+) -->$/
const UPDATE = process.env['UPDATE_SAMPLES'] === '1'

let samples: Record<string, string>
beforeAll(async () => {
  samples = await allSamples()
})

/** `markdown` with each marked block's text replaced by its sample. */
function withSamples(markdown: string, page: string): string {
  const lines = markdown.split('\n')
  for (const block of blocks(markdown).reverse()) {
    const name = MARKER.exec(block.marker ?? '')?.[1]
    if (name === undefined) continue
    const sample = samples[name]
    if (sample === undefined) throw new Error(`docs/${page}:${block.line}: no sample named ${name} (test/docs/samples.ts)`)
    const end = lines.indexOf('```', block.line)
    lines.splice(block.line, end - block.line, ...sample.split('\n'))
  }
  return lines.join('\n')
}

describe.each(PAGES)('docs/%s', (page) => {
  const file = new URL(page, DOCS)
  const markdown = readFileSync(file, 'utf8')

  it('shows each marked sample as the fake answers it', () => {
    const updated = withSamples(markdown, page)
    if (UPDATE && updated !== markdown) writeFileSync(file, updated)
    else expect(markdown, 'run npm run docs:samples and review the diff').toBe(updated)
  })

  it('has no JSON block that is neither a sample nor an excerpt of a tested file', () => {
    const loose = blocks(markdown)
      .filter((block) => block.lang === 'json' && !MARKER.test(block.marker ?? '') && !/^<!-- from: \S+ -->$/.test(block.marker ?? ''))
      .map((block) => `docs/${page}:${block.line}`)
    expect(loose).toEqual([])
  })
})

it('uses every sample it makes', () => {
  const marked = PAGES.flatMap((page) => blocks(readFileSync(new URL(page, DOCS), 'utf8')).map((block) => MARKER.exec(block.marker ?? '')?.[1]))
  expect(Object.keys(samples).filter((name) => !marked.includes(name))).toEqual([])
})
