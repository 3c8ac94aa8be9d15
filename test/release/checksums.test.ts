/**
 * SHA256SUMS (scripts/release/checksums.mjs, pure): the lines `sha256sum` writes and
 * `sha256sum -c` reads (.ci/release.sh runs `sha256sum -c` on the real one), sorted by name.
 */
import { expect, it } from 'vitest'

type Checksums = { sha256sums(entries: { name: string; sha256: string }[]): string }
const MODULE = '../../scripts/release/checksums.mjs' // a variable: TypeScript leaves the plain-JavaScript module untyped
const { sha256sums } = (await import(MODULE)) as Checksums

const A = 'a'.repeat(64)
const B = '0123456789abcdef'.repeat(4)

it('writes digest, two spaces and name per line, sorted by name', () => {
  expect(
    sha256sums([
      { name: 'b.tgz', sha256: B },
      { name: 'a.whl', sha256: A },
    ]),
  ).toBe(`${A}  a.whl\n${B}  b.tgz\n`)
})

it('refuses a digest that is not hex SHA-256, and a name sha256sum would have to escape', () => {
  expect(() => sha256sums([{ name: 'a', sha256: 'ABC' }])).toThrow('SHA256SUMS: a: "ABC" is not a hex SHA-256')
  expect(() => sha256sums([{ name: 'a\nb', sha256: A }])).toThrow('needs escaping')
  expect(() => sha256sums([{ name: 'back\\slash', sha256: A }])).toThrow('needs escaping')
})
