/**
 * What the release reads off an executable it cannot run (scripts/exe/inspect-binary.mjs, pure):
 * the ELF machine, the injected blob and its fuse, and the newest glibc version it names.
 */
import { describe, expect, it } from 'vitest'

type Result<T> = { ok: true; value: T } | { ok: false; error: string }
type Inspect = {
  elfArch(bytes: Buffer): Result<string>
  fuseFlipped(bytes: Buffer, sentinel: string): Result<true>
  holdsBlob(bytes: Buffer, blob: Buffer): boolean
  glibcFloor(bytes: Buffer): Result<[number, number]>
}
const MODULE = '../../scripts/exe/inspect-binary.mjs' // a variable: TypeScript leaves the plain-JavaScript module untyped
const inspect = (await import(MODULE)) as Inspect

/** A 64-bit little-endian ELF header for `machine`, then `rest`. */
function elf(machine: number, rest = ''): Buffer {
  const header = Buffer.alloc(64)
  header.writeUInt32BE(0x7f454c46, 0)
  header[4] = 2
  header[5] = 1
  header.writeUInt16LE(machine, 18)
  return Buffer.concat([header, Buffer.from(rest, 'latin1')])
}

describe('reading an executable', () => {
  it('tells x64 from arm64 by the ELF header, and says what else it found', () => {
    expect(inspect.elfArch(elf(0x3e))).toEqual({ ok: true, value: 'x64' })
    expect(inspect.elfArch(elf(0xb7))).toEqual({ ok: true, value: 'arm64' })
    expect(inspect.elfArch(elf(0x28))).toEqual({ ok: false, error: 'ELF machine 0x28 is neither x64 nor arm64' })
    expect(inspect.elfArch(Buffer.from('#!/bin/sh\necho hi\n'))).toEqual({ ok: false, error: 'not an ELF file' })
  })

  it('finds the blob whole and the fuse flipped, and says when not', () => {
    const fuse = 'NODE_SEA_FUSE_x'
    const blob = Buffer.from('the blob')
    const built = elf(0xb7, `..${fuse}:1..the blob..`)
    expect(inspect.fuseFlipped(built, fuse)).toEqual({ ok: true, value: true })
    expect(inspect.holdsBlob(built, blob)).toBe(true)
    expect(inspect.holdsBlob(built, Buffer.from('the blob!'))).toBe(false)
    expect(inspect.fuseFlipped(elf(0xb7, `${fuse}:0`), fuse)).toEqual({ ok: false, error: 'the fuse reads ":0", not ":1": no blob was injected' })
    expect(inspect.fuseFlipped(elf(0xb7), fuse)).toEqual({ ok: false, error: `no ${fuse} in the binary` })
  })

  it('takes the newest GLIBC_2.N version named, not a three-part one', () => {
    expect(inspect.glibcFloor(elf(0x3e, '\0GLIBC_2.2.5\0GLIBC_2.28\0GLIBC_2.17\0GLIBC_PRIVATE\0'))).toEqual({ ok: true, value: [2, 28] })
    expect(inspect.glibcFloor(elf(0x3e, 'musl'))).toEqual({ ok: false, error: 'names no GLIBC_2.N version (not linked against glibc?)' })
  })
})
