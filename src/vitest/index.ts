/**
 * `audio-task-mock/vitest`: the fake around a vitest suite, over HTTP on a free port.
 *
 * - `useAudioTaskMock(options)` in a test file: starts the fake before the file's tests, resets
 *   its world after each test (accounts, tasks, clock back to the scenario's start) and stops it
 *   after the last; `fake.url` is its base URL.
 * - `audioTaskMockGlobalSetup(options)` as a vitest `globalSetup`: one fake for the whole run;
 *   tests read its URL with `inject('audioTaskMockUrl')` or `process.env.AUDIO_TASK_MOCK_URL`, and
 *   `useAudioTaskMockWorld()` gives each test file a world of its own in it (use-world.ts).
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { RunningServer } from '../server/start-server.js'
import { startFakeServer, type FakeServerOptions } from './start-fake-server.js'

export { startFakeServer, type FakeServerOptions } from './start-fake-server.js'
export { useAudioTaskMockWorld, worldNameFor, type AudioTaskMockWorld, type UseWorldOptions } from './use-world.js'

/** The variable the URL is put in, as `audio-task-mock run` does. */
export const URL_ENV = 'AUDIO_TASK_MOCK_URL'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the fake that `audioTaskMockGlobalSetup` started. */
    audioTaskMockUrl: string
  }
}

export interface UseAudioTaskMockOptions extends FakeServerOptions {
  /** Reset the world after each test (default true); false: tests of the file share one world. */
  resetAfterEach?: boolean
}

/** The fake a test file uses; read it inside tests and hooks (it starts in `beforeAll`). */
export interface AudioTaskMock {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  /** The running fake: clock, accounts, tasks, journal, report, reset, close. */
  readonly server: RunningServer
}

export function useAudioTaskMock(options: UseAudioTaskMockOptions = {}): AudioTaskMock {
  const { resetAfterEach = true, ...serverOptions } = options
  let running: RunningServer | null = null
  const started = (): RunningServer => {
    if (running === null) throw new Error('useAudioTaskMock(): the fake starts in beforeAll; use it inside a test or a hook')
    return running
  }
  beforeAll(async () => {
    running = await startFakeServer(serverOptions)
  })
  if (resetAfterEach) afterEach(() => running?.reset())
  afterAll(async () => {
    await running?.close()
    running = null
  })
  return {
    get url() {
      return started().url
    },
    get server() {
      return started()
    },
  }
}

/** What vitest passes a global setup: only `provide` is used. */
export interface GlobalSetupContext {
  provide(key: 'audioTaskMockUrl', value: string): void
}

/**
 * A vitest global setup that starts one fake for the whole run and stops it at the end:
 * `export default audioTaskMockGlobalSetup({ scenario: 'happy-path' })` in the file that
 * `test.globalSetup` names.
 */
export function audioTaskMockGlobalSetup(options: FakeServerOptions = {}) {
  return async (context: GlobalSetupContext): Promise<() => Promise<void>> => {
    const running = await startFakeServer(options)
    context.provide('audioTaskMockUrl', running.url)
    // Also for code that reads the environment (workers started after this inherit it).
    const before = process.env[URL_ENV]
    process.env[URL_ENV] = running.url
    return async () => {
      if (before === undefined) delete process.env[URL_ENV]
      else process.env[URL_ENV] = before
      await running.close()
    }
  }
}
