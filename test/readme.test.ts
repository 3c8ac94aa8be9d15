/** The README's vitest helper example is test/readme-vitest-example.test.ts, verbatim: the doc cannot drift from code that runs. */
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'

it('README.md shows test/readme-vitest-example.test.ts verbatim', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
  const example = await readFile(new URL('./readme-vitest-example.test.ts', import.meta.url), 'utf8')
  expect(readme).toContain('```ts\n' + example + '```')
})
