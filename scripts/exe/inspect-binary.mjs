// What can be read off an executable without running it, for the one built for another
// architecture (linux-arm64 on an x64 machine): its ELF header's machine, whether it holds the
// injected single-executable blob byte for byte with the fuse flipped, and the newest glibc symbol
// version it asks for (the floor of a Python wheel's manylinux tag). Pure functions over buffers.

/** ELF e_machine values of the architectures we build for. */
const MACHINES = { 0x3e: 'x64', 0xb7: 'arm64' }

/** The architecture in a little-endian ELF header ('x64', 'arm64'), or a sentence saying why not. */
export function elfArch(bytes) {
  if (bytes.length < 20 || bytes.readUInt32BE(0) !== 0x7f454c46) return { ok: false, error: 'not an ELF file' }
  if (bytes[4] !== 2 || bytes[5] !== 1) return { ok: false, error: 'not a 64-bit little-endian ELF file' }
  const machine = bytes.readUInt16LE(18)
  const arch = MACHINES[machine]
  return arch === undefined ? { ok: false, error: `ELF machine 0x${machine.toString(16)} is neither x64 nor arm64` } : { ok: true, value: arch }
}

/**
 * Node's single-executable fuse: the sentinel is followed by `:0` in a plain node binary and `:1`
 * once a blob was injected (postject flips it).
 */
export function fuseFlipped(bytes, sentinel) {
  const at = bytes.indexOf(sentinel)
  if (at < 0) return { ok: false, error: `no ${sentinel} in the binary` }
  const state = bytes.subarray(at + sentinel.length, at + sentinel.length + 2).toString('latin1')
  return state === ':1' ? { ok: true, value: true } : { ok: false, error: `the fuse reads ${JSON.stringify(state)}, not ":1": no blob was injected` }
}

/** Whether `blob` sits in `bytes` whole (postject copies it into a note or section unchanged). */
export function holdsBlob(bytes, blob) {
  return blob.length > 0 && bytes.indexOf(blob) >= 0
}

/** The newest `GLIBC_2.N` version the binary names (its dynamic symbols' versions), e.g. [2, 28]. */
export function glibcFloor(bytes) {
  let newest = null
  for (const [, minor] of bytes.toString('latin1').matchAll(/GLIBC_2\.(\d+)(?![\d.])/g)) {
    if (newest === null || Number(minor) > newest) newest = Number(minor)
  }
  return newest === null ? { ok: false, error: 'names no GLIBC_2.N version (not linked against glibc?)' } : { ok: true, value: [2, newest] }
}
