/**
 * The fenced blocks of a guide (docs/*.md), for tests that run its examples as a reader would
 * type them: each block with its language, its line, and the line before it (a
 * `<!-- from: PATH -->` marker, when there is one).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const REPO = fileURLToPath(new URL('../../', import.meta.url))

export interface Block {
  /** The line of the opening fence, from 1. */
  line: number
  /** The fence's language (`sh`, `yaml`…). */
  lang: string
  /** The line before the opening fence. */
  marker: string | undefined
  text: string
}

/** Every fenced block with a language (a bare ``` only closes one). */
export function blocks(markdown: string): Block[] {
  const lines = markdown.split('\n')
  const found: Block[] = []
  for (let at = 0; at < lines.length; at++) {
    const open = /^```(\w+)$/.exec(lines[at]!)
    if (open === null) continue
    const end = lines.indexOf('```', at + 1)
    found.push({ line: at + 1, lang: open[1]!, marker: lines[at - 1], text: lines.slice(at + 1, end).join('\n') })
    at = end
  }
  return found
}

/** The text of a page of the repository, e.g. `docs/ci.md`. */
export function readPage(page: string): string {
  return readFileSync(`${REPO}${page}`, 'utf8')
}

/** The blocks of `page` in `lang` whose text contains `having`; throws unless there are `count`. */
export function blocksOf(page: string, lang: string, having: string, count = 1): Block[] {
  const found = blocks(readPage(page)).filter((block) => block.lang === lang && block.text.includes(having))
  if (found.length !== count) throw new Error(`${page}: expected ${count} ${lang} block(s) with ${JSON.stringify(having)}, found ${found.length}`)
  return found
}

/** The one block of `page` in `lang` whose text contains `having`. */
export function blockOf(page: string, lang: string, having: string): Block {
  return blocksOf(page, lang, having)[0]!
}

/** The first block of `page` in `lang` (a page's opening example, whatever follows it). */
export function firstBlockOf(page: string, lang: string): Block {
  const found = blocks(readPage(page)).find((block) => block.lang === lang)
  if (found === undefined) throw new Error(`${page}: no ${lang} block`)
  return found
}

/** The command lines of a shell block: not blank, not a comment line. */
export function commandLines(block: Block): string[] {
  return block.text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
}
