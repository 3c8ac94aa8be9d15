/**
 * The standalone executable's unpack cache (scripts/exe/unpack-files.mjs): the embedded files are
 * written once into a folder named by their hash, reused by later starts, and repaired when a
 * cache cleaner took a file away or cut one short (issue 40, defect 12: one deleted file made
 * every later start exit 2).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { unpackFiles } from '../../scripts/exe/unpack-files.mjs'

const unpack = unpackFiles as (bundle: { hash: string; files: Record<string, string> }, env: Record<string, string>) => string

const b64 = (text: string): string => Buffer.from(text).toString('base64')
const bundle = {
  hash: 'abc123',
  files: { 'package.json': b64('{"version":"1.0.0"}'), 'scenarios/default.yaml': b64('version: 1\n'), 'dist/inspector-page/index.html': b64('<html></html>') },
}

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function cacheHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atm-unpack-'))
  made.push(dir)
  return dir
}

const read = (root: string, path: string): string => readFileSync(join(root, path), 'utf8')

describe('the executable unpack cache', () => {
  it('writes the files once under the cache folder and reuses them', () => {
    const home = cacheHome()
    const root = unpack(bundle, { XDG_CACHE_HOME: home })
    expect(root).toBe(join(home, 'audio-task-mock-exe', 'abc123'))
    expect(read(root, 'scenarios/default.yaml')).toBe('version: 1\n')
    const before = statSync(join(root, 'package.json')).mtimeMs
    expect(unpack(bundle, { XDG_CACHE_HOME: home })).toBe(root)
    expect(statSync(join(root, 'package.json')).mtimeMs).toBe(before)
  })

  it('puts back a file a cache cleaner deleted', () => {
    const home = cacheHome()
    const root = unpack(bundle, { XDG_CACHE_HOME: home })
    unlinkSync(join(root, 'scenarios/default.yaml'))
    expect(unpack(bundle, { XDG_CACHE_HOME: home })).toBe(root)
    expect(read(root, 'scenarios/default.yaml')).toBe('version: 1\n')
  })

  it('rewrites a file cut short or changed in length', () => {
    const home = cacheHome()
    const root = unpack(bundle, { XDG_CACHE_HOME: home })
    truncateSync(join(root, 'package.json'), 3)
    writeFileSync(join(root, 'dist/inspector-page/index.html'), '<html>changed</html>')
    unpack(bundle, { XDG_CACHE_HOME: home })
    expect(read(root, 'package.json')).toBe('{"version":"1.0.0"}')
    expect(read(root, 'dist/inspector-page/index.html')).toBe('<html></html>')
  })

  it('completes a folder whose completion mark was removed', () => {
    const home = cacheHome()
    const root = unpack(bundle, { XDG_CACHE_HOME: home })
    unlinkSync(join(root, '.complete'))
    unlinkSync(join(root, 'package.json'))
    expect(unpack(bundle, { XDG_CACHE_HOME: home })).toBe(root)
    expect(read(root, 'package.json')).toBe('{"version":"1.0.0"}')
    expect(existsSync(join(root, '.complete'))).toBe(true)
  })
})
