/**
 * What the install-as-a-user checks of a release share (test/release/*-install.test.ts and the
 * workflow and Action checks; .ci/release.sh runs them, minutes each, so `npm test` skips them):
 * where the release's files and the tagged bare clone are, a stand-in for GitHub's release
 * download URLs (the files served on 127.0.0.1), and docs/install.md's lines with GitHub's
 * addresses swapped for those stand-ins, and nothing else changed.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { REPO } from './doc-blocks.js'

/** The folder `npm run release` filled (set by .ci/release.sh). */
export const RELEASE_ENV = 'AUDIO_TASK_MOCK_RELEASE'
/** A bare clone of the released commit with its version tag (set by .ci/release.sh). */
export const BARE_ENV = 'AUDIO_TASK_MOCK_RELEASE_GIT'

export const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version
export const TAG = `v${VERSION}`
/** Where docs/install.md says a release's files are. */
export const DOWNLOADS = `https://github.com/OWNER/audio-task-mock/releases/download/${TAG}/`
/** Where docs/install.md says the repository is. */
export const GIT_URL = 'git+https://github.com/OWNER/audio-task-mock.git'

export const releaseDir = process.env[RELEASE_ENV] ?? ''
export const bareClone = process.env[BARE_ENV] ?? ''

/** The release's files on 127.0.0.1 (GitHub's download URLs stand-in); `base` ends with `/`. */
export async function serve(dir: string): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1))
    const file = join(dir, basename(name))
    if (name !== basename(name) || !existsSync(file)) return response.writeHead(404).end()
    response.writeHead(200, { 'content-length': statSync(file).size, 'content-type': 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** A docs/install.md line as run here: GitHub's download URL and repository swapped for the stand-ins. */
export function asHere(line: string, stand: { base?: string; bare?: string }): string {
  let here = line
  if (stand.base !== undefined) here = here.replaceAll(DOWNLOADS, stand.base)
  if (stand.bare !== undefined) here = here.replaceAll(GIT_URL, `git+file://${stand.bare}`)
  return here
}

const made: string[] = []

/** A fresh folder under the system's temporary one, removed by `removeScratch()` (venvs and downloads are 100+ MB). */
export function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** Removes every folder `scratch()` made (a test file's afterAll). */
export function removeScratch(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A folder for PATH holding only the named programs (links to the machine's): no `node` in it. */
export function pathWithout(programs: string[]): string {
  const dir = scratch('atm-path-')
  for (const program of programs) {
    const found = ['/usr/local/bin', '/usr/bin', '/bin'].map((bin) => join(bin, program)).find((path) => existsSync(path))
    if (found === undefined) throw new Error(`${program} is not on this machine`)
    symlinkSync(found, join(dir, program))
  }
  return dir
}
