/**
 * docs/control-plane.md's example is test/readme-control-example.test.ts, which runs here under
 * this repository's msw 2: the page shows it written for msw 3, the one option renamed
 * (test/support/doc-examples.ts; the matrix compiles the page's form under msw 3 and msw 2).
 */
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { forMsw } from './support/doc-examples.js'

it('docs/control-plane.md shows test/readme-control-example.test.ts, written for msw 3', async () => {
  const page = await readFile(new URL('../docs/control-plane.md', import.meta.url), 'utf8')
  const example = await readFile(new URL('./readme-control-example.test.ts', import.meta.url), 'utf8')
  const shown = /```ts\n(import \{ setupServer \} from 'msw\/node'[\s\S]*?)```/.exec(page)?.[1]
  expect(shown).toContain("server.listen({ onUnhandledFrame: 'error' })) // msw 2: onUnhandledRequest")
  expect(forMsw(shown!, 2).replace(' // msw 2: onUnhandledRequest', '')).toBe(example)
})
