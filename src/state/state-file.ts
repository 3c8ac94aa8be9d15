/**
 * What is at `--state FILE` before anything is opened: nothing yet, an SQLite state database
 * (decision 036), a JSON state of the earlier format (decisions 013: migrated once, see
 * migrate-json-state.ts), or something else, refused with what its first bytes are.
 */
import { access, constants, open, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { readState } from './snapshot-reader.js'

export type Found = { kind: 'none' } | { kind: 'sqlite' } | { kind: 'json'; value: unknown } | { kind: 'refused'; message: string }

const SQLITE_MAGIC = 'SQLite format 3\0'

/** Why FILE cannot be kept (its directory missing, not a directory, not writable; FILE a directory), or null. */
export async function checkStatePath(path: string): Promise<string | null> {
  const directory = dirname(path)
  const info = await stat(directory).catch((error: NodeJS.ErrnoException) => error)
  if (info instanceof Error) {
    return info.code === 'ENOENT' ? `its directory ${directory} does not exist` : `cannot use its directory ${directory}: ${info.message}`
  }
  if (!info.isDirectory()) return `${directory} is not a directory`
  const file = await stat(path).catch(() => null)
  if (file?.isDirectory()) return 'it is a directory'
  // Permissions alone do not tell (root, read-only mounts): write a probe file and remove it.
  const probe = join(directory, `.${basename(path)}.${process.pid}.probe`)
  try {
    const handle = await open(probe, 'wx')
    await handle.close()
    await rm(probe, { force: true })
  } catch (error) {
    return `cannot write in its directory ${directory}: ${(error as Error).message}`
  }
  if (file !== null) {
    const writable = await access(path, constants.W_OK).then(
      () => true,
      () => false,
    )
    if (!writable) return 'the file is not writable'
  }
  return null
}

/** What FILE holds, read only as far as needed to tell. */
export async function findState(path: string): Promise<Found> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => error)
  if (handle instanceof Error) return handle.code === 'ENOENT' ? { kind: 'none' } : { kind: 'refused', message: `cannot read it: ${handle.message}` }
  let head: Buffer
  try {
    const buffer = Buffer.alloc(64)
    const { bytesRead } = await handle.read(buffer, 0, 64, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  // An empty file: a database SQLite had not written yet (or a `touch`ed path).
  if (head.length === 0) return { kind: 'none' }
  if (head.subarray(0, 16).toString('latin1') === SQLITE_MAGIC) return { kind: 'sqlite' }
  if (head.toString('utf8').trimStart().startsWith('{')) {
    const read = await readState(path)
    return read.ok ? { kind: 'json', value: read.value } : { kind: 'refused', message: read.message.replace(`${path}: refused: `, '') }
  }
  const shown = JSON.stringify(head.subarray(0, 16).toString('latin1'))
  return { kind: 'refused', message: `not a state file: it starts with ${shown}, neither an SQLite database nor a JSON state` }
}
