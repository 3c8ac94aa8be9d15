/**
 * A block of README.md or a guide marked `<!-- from: PATH -->` is a verbatim excerpt of that file,
 * which a test runs (the browser recipe and the typed client come from the consumer projects of the
 * compatibility matrix; docs/ci.md's pytest test is the one .ci/python.sh runs), so the docs
 * cannot drift from code that is run. docs/getting-started.md has its own check in the package
 * suite (test/package/docs.test.ts).
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url)

it.each(['README.md', 'docs/openapi-and-verify.md', 'docs/ci.md'])('%s quotes each marked block verbatim from its file', (page) => {
  const lines = readFileSync(new URL(page, ROOT), 'utf8').split('\n')
  const checked: string[] = []
  const drifted: string[] = []
  for (let at = 0; at < lines.length; at++) {
    const marker = /^<!-- from: (\S+) -->$/.exec(lines[at]!)
    if (marker === null) continue
    const end = lines.indexOf('```', at + 2)
    const block = lines.slice(at + 2, end).join('\n')
    const source = readFileSync(new URL(marker[1]!, ROOT), 'utf8')
    checked.push(marker[1]!)
    if (!source.includes(block)) drifted.push(`${page}:${at + 1}: the block is not in ${marker[1]}`)
  }
  expect(checked.length).toBeGreaterThan(0)
  expect(drifted).toEqual([])
})
