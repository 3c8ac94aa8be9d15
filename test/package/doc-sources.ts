/**
 * A guide whose every block comes from a file the package suite runs: each fenced block names, on
 * the line before it, the file it comes from (`<!-- from: PATH -->`: a verbatim excerpt of that
 * file) or, for shell lines, the file that runs them (`<!-- commands from: PATH -->`: each line
 * is in that file as written). PATH is under test/package/.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { blocks } from '../support/doc-blocks.js'
import { ROOT } from './pack.js'

/** The page's blocks that are not so, each with where and why; and how many blocks it has. */
export function unverifiedBlocks(page: string): { count: number; unverified: string[] } {
  const text = readFileSync(join(ROOT, page), 'utf8')
  const found = blocks(text)
  const unverified: string[] = []
  for (const block of found) {
    const marker = /^<!-- (from|commands from): (test\/package\/\S+) -->$/.exec(block.marker ?? '')
    if (marker === null) {
      unverified.push(`${page}:${block.line}: no <!-- from: test/package/PATH --> before the block`)
      continue
    }
    const source = readFileSync(join(ROOT, marker[2]!), 'utf8')
    const missing = marker[1] === 'from' ? (source.includes(block.text) ? [] : [block.text]) : block.text.split('\n').filter((line) => !source.includes(line))
    for (const missed of missing) unverified.push(`${page}:${block.line}: not in ${marker[2]}:\n${missed}`)
  }
  return { count: found.length, unverified }
}
