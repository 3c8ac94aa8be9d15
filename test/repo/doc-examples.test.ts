/**
 * Which README and guide examples the matrix compiles (test/support/doc-examples.ts): every
 * TypeScript block that uses the package is a whole module, compiled in each cell, or an excerpt of
 * a consumer file compiled there; and each is written for msw 3, the msw npm installs today (the
 * cell with msw 2 renames the one option msw 2 names otherwise).
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { blocks, readPage } from '../support/doc-blocks.js'
import { docExamples, forMsw, PAGES } from '../support/doc-examples.js'

const { compiled, excerpts, leftOut } = docExamples()
const OURS = /\b(createMock|startServer|createApp|useAudioTaskMock\w*|audioTaskMockGlobalSetup|assertNoViolations|clientReportMatchers|runVerify)\b|from 'msw/

it('finds the examples of README.md and every guide', () => {
  expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/getting-started.md', 'docs/control-plane.md']))
  expect(compiled.some((example) => example.where.startsWith('README.md:'))).toBe(true)
  expect(excerpts.length).toBeGreaterThan(3)
})

it('leaves out only blocks that do not use the package (another tool’s API)', () => {
  const text = (where: string) => {
    const [page, line] = where.split(':')
    return blocks(readPage(page!)).find((block) => block.line === Number(line))!.text
  }
  expect(leftOut.filter((where) => OURS.test(text(where))).map((where) => `${where}: uses the package but imports nothing from it`)).toEqual([])
})

it('writes every example for msw 3: onUnhandledFrame, never msw 2’s onUnhandledRequest', () => {
  expect(compiled.filter((example) => /onUnhandledRequest\s*:/.test(example.code)).map((example) => example.where)).toEqual([])
  expect(forMsw("server.listen({ onUnhandledFrame: 'error' })", 2)).toBe("server.listen({ onUnhandledRequest: 'error' })")
  expect(forMsw("server.listen({ onUnhandledFrame: 'error' })", 3)).toBe("server.listen({ onUnhandledFrame: 'error' })")
})

it("README's first test has an msw 2 twin that differs only by the option's name", () => {
  const read = (major: number) => readFileSync(new URL(`../package/consumer/msw-${major}/first-test.spec.ts`, import.meta.url), 'utf8')
  expect(forMsw(read(3), 2).replace('// msw 2 calls it onUnhandledRequest', '// msw 3 calls it onUnhandledFrame')).toBe(read(2))
})
