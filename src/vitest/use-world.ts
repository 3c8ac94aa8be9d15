/**
 * `useAudioTaskMockWorld()`: with one fake for the whole run (`audioTaskMockGlobalSetup`, or
 * `audio-task-mock run -- vitest`), each test file gets a world of its own under
 * `/worlds/{name}`: its own clock, scenario, accounts and journal, so files that run in parallel
 * never see each other's traffic. The world is reset after each test and removed after the file.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'

export interface UseWorldOptions {
  /** The fake's base URL; default: what the global setup provides, else AUDIO_TASK_MOCK_URL. */
  url?: string | (() => string)
  /** The world's name; default: one made from the test file's path (the same on every run). */
  name?: string
  /** Reset the world after each test (default true). */
  resetAfterEach?: boolean
}

export interface AudioTaskMockWorld {
  /** The world's base URL (`http://127.0.0.1:PORT/worlds/NAME`): hand it to your client as its base URL. */
  readonly url: string
  readonly name: string
}

/** A world name for a file: its base name (allowed characters only) and a hash of its whole path. */
export function worldNameFor(path: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0
  const base = (path.split(/[\\/]/).pop() ?? 'test')
    .replace(/\.[cm]?[jt]sx?$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .slice(0, 48)
  return `${base.replace(/^\.+/, '') || 'test'}-${hash.toString(16).padStart(8, '0')}`
}

function baseUrl(given: UseWorldOptions['url']): string {
  const url = typeof given === 'function' ? given() : (given ?? (inject('audioTaskMockUrl') as string | undefined) ?? process.env['AUDIO_TASK_MOCK_URL'])
  if (url === undefined || url === '')
    throw new Error('useAudioTaskMockWorld(): no fake to make a world in: use audioTaskMockGlobalSetup, run under `audio-task-mock run`, or pass { url }')
  return url.replace(/\/+$/, '')
}

async function call(method: string, url: string): Promise<void> {
  const response = await fetch(url, { method })
  if (!response.ok && response.status !== 404)
    throw new Error(`useAudioTaskMockWorld(): ${method} ${url} answered ${response.status}: ${await response.text()}`)
  await response.arrayBuffer()
}

export function useAudioTaskMockWorld(options: UseWorldOptions = {}): AudioTaskMockWorld {
  let base: string | null = null
  let name: string | null = null
  const started = (): { base: string; name: string } => {
    if (base === null || name === null) throw new Error('useAudioTaskMockWorld(): the world is made in beforeAll; use it inside a test or a hook')
    return { base, name }
  }
  beforeAll(async () => {
    base = baseUrl(options.url)
    name = options.name ?? worldNameFor(expect.getState().testPath ?? 'test')
    // A world left by an earlier run of the same file starts afresh.
    await call('POST', `${base}/worlds/${name}/__admin/reset`)
  })
  if (options.resetAfterEach !== false) afterEach(() => call('POST', `${started().base}/worlds/${started().name}/__admin/reset`))
  afterAll(async () => {
    if (base !== null && name !== null) await call('DELETE', `${base}/__admin/worlds/${name}`)
  })
  return {
    get url() {
      const { base: at, name: world } = started()
      return `${at}/worlds/${world}`
    },
    get name() {
      return started().name
    },
  }
}
