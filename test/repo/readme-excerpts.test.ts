/**
 * A README block marked `<!-- from: PATH -->` is a verbatim excerpt of that file, which a test runs
 * (the browser recipe comes from the Vite consumer project of the compatibility matrix), so the
 * README cannot drift from code that is run.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)

it('quotes each marked block verbatim from its file', () => {
  const lines = readFileSync(new URL('README.md', ROOT), 'utf8').split('\n')
  const checked: string[] = []
  const drifted: string[] = []
  for (let at = 0; at < lines.length; at++) {
    const marker = /^<!-- from: (\S+) -->$/.exec(lines[at]!)
    if (marker === null) continue
    const end = lines.indexOf('```', at + 2)
    const block = lines.slice(at + 2, end).join('\n')
    const source = readFileSync(new URL(marker[1]!, ROOT), 'utf8')
    checked.push(marker[1]!)
    if (!source.includes(block)) drifted.push(`README.md:${at + 1}: the block is not in ${marker[1]}`)
  }
  expect(checked.length).toBeGreaterThan(0)
  expect(drifted).toEqual([])
})
