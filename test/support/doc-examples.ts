/**
 * The TypeScript examples of README.md and every guide (docs/*.md) that a user would paste into a
 * project: the package suite writes each into the consumer project of its matrix cell, where strict
 * tsc compiles it with the rest (test/package/consumer.test.ts). A new block on any page is picked
 * up by itself.
 *
 * - A block marked `<!-- from: test/package/consumer/... -->` is an excerpt of a consumer file that
 *   the cell compiles whole: not written again.
 * - A block that imports the package (`audio-task-mock`, any entry) is a whole module, written as
 *   it is. Examples are written for msw 3; in a cell with msw 2 the block gets the one rename the
 *   docs tell msw 2 users to make (`onUnhandledFrame` → `onUnhandledRequest`).
 * - Any other block (another tool's API, such as Testcontainers) is left out, and listed.
 */
import { readdirSync } from 'node:fs'
import { blocks, readPage, REPO } from './doc-blocks.js'

export const PAGES = [
  'README.md',
  ...readdirSync(`${REPO}docs`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx'])
const CONSUMER_EXCERPT = /^<!-- from: test\/package\/consumer\//
const IMPORTS_PACKAGE = /^import .* from 'audio-task-mock(\/[\w./-]+)?'$/m

export interface DocExample {
  /** `README.md:66` */
  where: string
  /** The file name in the consumer project: `doc-readme-66.ts`. */
  file: string
  code: string
}

/** What becomes of each TypeScript block of the pages: compiled, an excerpt compiled with its file, or left out. */
export function docExamples(pages = PAGES): { compiled: DocExample[]; excerpts: string[]; leftOut: string[] } {
  const compiled: DocExample[] = []
  const excerpts: string[] = []
  const leftOut: string[] = []
  for (const page of pages)
    for (const block of blocks(readPage(page)).filter((found) => TYPESCRIPT.has(found.lang))) {
      const where = `${page}:${block.line}`
      if (CONSUMER_EXCERPT.test(block.marker ?? '')) excerpts.push(where)
      else if (IMPORTS_PACKAGE.test(block.text)) {
        const name = page
          .replace(/^docs\//, '')
          .replace(/\.md$/, '')
          .toLowerCase()
        compiled.push({ where, file: `doc-${name}-${block.line}.ts`, code: `// ${where}\n${block.text}\n` })
      } else leftOut.push(where)
    }
  return { compiled, excerpts, leftOut }
}

/** The block as a project on msw `major` compiles it: msw 2 names the unhandled-request option `onUnhandledRequest`. */
export function forMsw(code: string, major: 2 | 3): string {
  return major === 2 ? code.replaceAll('onUnhandledFrame', 'onUnhandledRequest') : code
}
