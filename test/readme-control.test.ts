/** docs/control-plane.md's example is test/readme-control-example.test.ts, verbatim: the page cannot drift from code that runs. */
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'

it('docs/control-plane.md shows test/readme-control-example.test.ts verbatim', async () => {
  const page = await readFile(new URL('../docs/control-plane.md', import.meta.url), 'utf8')
  const example = await readFile(new URL('./readme-control-example.test.ts', import.meta.url), 'utf8')
  expect(page).toContain('```ts\n' + example + '```')
})
