// docs/getting-started.md shows only what the package suite runs: every fenced block names, on the
// line before it, the file it comes from (`<!-- from: PATH -->`: the block is a verbatim excerpt of
// that file, a consumer fixture or a test that runs it) or, for shell lines, the file that runs
// them (`<!-- commands from: PATH -->`: each line is in that file as it is written). The install
// lines come from docs/install.md, whose every line test/release/ runs as a user would
// (.ci/release.sh; test/release/install-lines.test.ts keeps install lines to those).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { blocks } from '../support/doc-blocks.js'
import { ROOT } from './pack.js'

const page = readFileSync(join(ROOT, 'docs/getting-started.md'), 'utf8')

it('has examples, each from a file the package suite runs', () => {
  const found = blocks(page)
  expect(found.length).toBeGreaterThan(8)
  const unverified: string[] = []
  for (const block of found) {
    const marker = /^<!-- (from|commands from): (\S+) -->$/.exec(block.marker ?? '')
    if (marker === null) {
      unverified.push(`docs/getting-started.md:${block.line}: no <!-- from: PATH --> before the block`)
      continue
    }
    const source = readFileSync(join(ROOT, marker[2]!), 'utf8')
    const missing = marker[1] === 'from' ? (source.includes(block.text) ? [] : [block.text]) : block.text.split('\n').filter((line) => !source.includes(line))
    for (const text of missing) unverified.push(`docs/getting-started.md:${block.line}: not in ${marker[2]}:\n${text}`)
  }
  expect(unverified).toEqual([])
})

it('names only files that a package test runs, and the install guide the release checks run', () => {
  const named = [...page.matchAll(/<!-- (?:commands )?from: (\S+) -->/g)].map((match) => match[1]!)
  expect(named.filter((path) => !path.startsWith('test/package/') && path !== 'docs/install.md')).toEqual([])
})
