// Writes the executable's embedded files ({ hash, files: { 'scenarios/default.yaml': base64 } })
// into a folder of their own and returns its path. The folder is named by the files' hash and
// reused by later starts; it is written under a temporary name and renamed, so two executables
// starting together never see half of it. Where: $XDG_CACHE_HOME or ~/.cache, under
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

function cached({ hash, files }, env) {
  const base = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '')
  if (base === '') return null
  const dir = join(base, 'audio-task-mock-exe', hash)
  if (ours(dir) && ours(join(base, 'audio-task-mock-exe')) && statSync(join(dir, '.complete'), { throwIfNoEntry: false })) return dir
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
