// SHA256SUMS as `sha256sum` writes it and `sha256sum -c SHA256SUMS` checks it: one line per file,
// the hex digest, two spaces (text mode), the file name; sorted by name so the file is the same
// for the same artifacts.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'

/** The hex SHA-256 of a file, read as a stream (the executables are over 100 MB). */
export async function sha256File(path) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk)
  return hash.digest('hex')
}

/** The text of SHA256SUMS for `{ name, sha256 }` entries. */
export function sha256sums(entries) {
  for (const { name, sha256 } of entries) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`SHA256SUMS: ${name}: ${JSON.stringify(sha256)} is not a hex SHA-256`)
    if (/[\\\n\r]|^\s|\s$/.test(name)) throw new Error(`SHA256SUMS: ${JSON.stringify(name)} needs escaping; give artifacts plain names`)
  }
  return [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, sha256 }) => `${sha256}  ${name}\n`)
    .join('')
}
