// A Python wheel that holds the pytest fixture and the standalone executable of one platform, as
// the binary distribution format (PEP 427, packaging.python.org's "Binary distribution format")
// writes it: `{name}-{version}-{python}-{abi}-{platform}.whl`, a zip whose `{name}-{version}.data/
// scripts/` files go to the environment's bin folder (executable), and whose
// `{name}-{version}.dist-info/` holds METADATA, WHEEL, entry_points.txt and, last, RECORD (every
// file with its urlsafe-base64 SHA-256 and size). Pure functions; scripts/release/build-wheel.mjs
// writes the zip (docs/decisions/047).
import { createHash } from 'node:crypto'

/** The executable's name in the environment's bin folder (what the fixture looks for). */
export const EXECUTABLE = 'audio-task-mock'

/** The wheel's platform tag for an architecture and the newest glibc its executable needs ([2, 28]). */
export function platformTag(arch, [major, minor]) {
  const machine = { x64: 'x86_64', arm64: 'aarch64' }[arch]
  if (machine === undefined) throw new Error(`wheel: no platform tag for architecture ${JSON.stringify(arch)}`)
  return `manylinux_${major}_${minor}_${machine}`
}

/** A distribution name as wheel file names spell it: runs of `-`, `_`, `.` become one `_`, lower case. */
export function escapeName(name) {
  return name.replace(/[-_.]+/g, '_').toLowerCase()
}

/** `audio_task_mock_pytest-0.1.0-py3-none-manylinux_2_28_x86_64.whl` */
export function wheelName({ name, version }, platform) {
  return `${escapeName(name)}-${version}-py3-none-${platform}.whl`
}

/** The `Name: value` header lines of METADATA (core metadata 2.1), then the README as its body. */
export function metadata({ name, version, summary, license, requiresPython, dependencies }, readme) {
  const lines = ['Metadata-Version: 2.1', `Name: ${name}`, `Version: ${version}`, `Summary: ${summary}`, `License: ${license}`]
  lines.push(`Requires-Python: ${requiresPython}`, ...dependencies.map((dependency) => `Requires-Dist: ${dependency}`))
  lines.push('Description-Content-Type: text/markdown')
  return `${lines.join('\n')}\n\n${readme}`
}

/** The WHEEL file: a platform wheel (Root-Is-Purelib false) with its one tag. */
export function wheelFile(version, platform) {
  return `Wheel-Version: 1.0\nGenerator: audio-task-mock scripts/release (${version})\nRoot-Is-Purelib: false\nTag: py3-none-${platform}\n`
}

/** entry_points.txt, one `[group]` per entry-point group (pytest finds the plugin through `pytest11`). */
export function entryPoints(groups) {
  return Object.entries(groups)
    .map(
      ([group, entries]) =>
        `[${group}]\n${Object.entries(entries)
          .map(([key, value]) => `${key} = ${value}\n`)
          .join('')}`,
    )
    .join('\n')
}

/** `sha256=` and the urlsafe base64 of the digest without `=` padding, as RECORD writes hashes. */
export function recordHash(bytes) {
  return `sha256=${createHash('sha256').update(bytes).digest('base64url')}`
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RECORD is CSV). */
const field = (text) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)

/** RECORD: one `path,hash,size` line per file, and itself last with neither hash nor size. */
export function record(files, recordPath) {
  const lines = files.map(({ path, bytes }) => `${field(path)},${recordHash(bytes)},${bytes.length}`)
  return `${[...lines, `${field(recordPath)},,`].join('\n')}\n`
}

/**
 * Every file of the wheel in archive order, with its Unix mode: the module, the executable under
 * `.data/scripts/`, then `.dist-info/` with RECORD last.
 */
export function wheelFiles(project, { platform, module, executable, readme, licenses }) {
  const stem = `${escapeName(project.name)}-${project.version}`
  const text = (value) => Buffer.from(value, 'utf8')
  const files = [
    { path: module.name, bytes: module.bytes, mode: 0o644 },
    { path: `${stem}.data/scripts/${EXECUTABLE}`, bytes: executable, mode: 0o755 },
    { path: `${stem}.dist-info/METADATA`, bytes: text(metadata(project, readme)), mode: 0o644 },
    { path: `${stem}.dist-info/WHEEL`, bytes: text(wheelFile(project.version, platform)), mode: 0o644 },
    { path: `${stem}.dist-info/entry_points.txt`, bytes: text(entryPoints(project.entryPoints)), mode: 0o644 },
    ...Object.entries(licenses).map(([name, bytes]) => ({ path: `${stem}.dist-info/${name}`, bytes, mode: 0o644 })),
  ]
  const recordPath = `${stem}.dist-info/RECORD`
  return [...files, { path: recordPath, bytes: text(record(files, recordPath)), mode: 0o644 }]
}
