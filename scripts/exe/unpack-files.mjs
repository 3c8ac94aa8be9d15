// Writes the executable's embedded files ({ hash, files: { 'scenarios/default.yaml': base64 } })
// into a folder of their own and returns its path. The folder is named by the files' hash and
// reused by later starts; it is written under a temporary name and renamed, so two executables
// starting together never see half of it. A later start checks that every file is there at its
// length and puts back one a cache cleaner took away or cut short (each written beside it and
// renamed over, so a running executable never reads half a file). Where: $XDG_CACHE_HOME or ~/.cache, under
// audio-task-mock-exe/. A folder there that is not this user's, or no writable cache at all,
// falls back to a fresh private temporary folder, removed when the process exits.
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

function writeAll(dir, files) {
  for (const [path, base64] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), Buffer.from(base64, 'base64'))
  }
  writeFileSync(join(dir, '.complete'), '')
}

const ours = (path) => {
  try {
    const stat = statSync(path)
    return stat.isDirectory() && (process.getuid === undefined || stat.uid === process.getuid()) && (stat.mode & 0o022) === 0
  } catch {
    return false
  }
}

/** Puts back every file of `files` missing from `dir` or of another length; false when one cannot be written. */
function repair(dir, files) {
  try {
    for (const [path, base64] of Object.entries(files)) {
      const target = join(dir, path)
      const stat = statSync(target, { throwIfNoEntry: false })
      if (stat?.isFile() && stat.size === Buffer.byteLength(base64, 'base64')) continue
      mkdirSync(dirname(target), { recursive: true })
      const beside = `${target}.${process.pid}.tmp`
      writeFileSync(beside, Buffer.from(base64, 'base64'))
      renameSync(beside, target)
    }
    writeFileSync(join(dir, '.complete'), '')
    return true
  } catch {
    return false
  }
}

function cached({ hash, files }, env) {
  const base = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '')
  if (base === '') return null
  const dir = join(base, 'audio-task-mock-exe', hash)
  if (ours(dir) && ours(join(base, 'audio-task-mock-exe'))) return repair(dir, files) ? dir : null
  try {
    mkdirSync(join(base, 'audio-task-mock-exe'), { recursive: true, mode: 0o700 })
    const temporary = mkdtempSync(join(base, 'audio-task-mock-exe', `.${hash}-`))
    writeAll(temporary, files)
    try {
      renameSync(temporary, dir)
    } catch {
      rmSync(temporary, { recursive: true, force: true }) // another start was first
    }
    return ours(dir) ? dir : null
  } catch {
    return null
  }
}

export function unpackFiles(bundle, env) {
  const dir = cached(bundle, env)
  if (dir !== null) return dir
  const temporary = mkdtempSync(join(tmpdir(), 'audio-task-mock-exe-'))
  writeAll(temporary, bundle.files)
  process.once('exit', () => rmSync(temporary, { recursive: true, force: true }))
  return temporary
}
