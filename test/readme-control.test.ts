/** The README's control-plane example is test/readme-control-example.test.ts, verbatim. */
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'

it('README.md shows test/readme-control-example.test.ts verbatim', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
  const example = await readFile(new URL('./readme-control-example.test.ts', import.meta.url), 'utf8')
  expect(readme).toContain('```ts\n' + example + '```')
})
