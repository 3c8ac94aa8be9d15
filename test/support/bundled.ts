/**
 * A bundled scenario (scenarios/NAME.yaml) served on the HTTP door: a real server on
 * 127.0.0.1 with a free port, started from the file exactly as the CLI loads it.
 */
import { fileURLToPath } from 'node:url'
import { formatScenarioError, loadScenarioFile } from '../../src/scenario/index.js'
import type { Scenario } from '../../src/domain/types.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { send, type Reply } from './doors.js'

export const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url))

export async function loadBundled(name: string): Promise<Scenario> {
  const loaded = await loadScenarioFile(`${SCENARIOS_DIR}${name}.yaml`)
  if (!loaded.ok) throw new Error(loaded.errors.map(formatScenarioError).join('\n'))
  return loaded.scenario
}

export interface Served {
  running: RunningServer
  /** A request with this key (and a JSON body, if given); every answer is checked against the API schemas. */
  call(method: string, path: string, key: string | null, body?: unknown): Promise<Reply>
  /** The same, resolving `'dropped'` when the connection closes without an answer. */
  attempt(method: string, path: string, key: string | null, body?: unknown): Promise<Reply | 'dropped'>
  create(key: string, body: unknown): Promise<Reply>
  read(key: string, taskId: string): Promise<Reply>
  usage(key: string): Promise<Reply>
  close(): Promise<void>
}

export async function serveBundled(name: string, options: { wallNow?: () => number } = {}): Promise<Served> {
  const running = await startServer({ scenario: await loadBundled(name), port: 0, host: '127.0.0.1', wallNow: options.wallNow })
  const call: Served['call'] = (method, path, key, body) => send(running.url, method, path, { key, body }, running.mock.scenario)
  return {
    running,
    call,
    attempt: (method, path, key, body) =>
      call(method, path, key, body).catch((error: unknown) => {
        if (error instanceof TypeError && error.message === 'fetch failed') return 'dropped' as const
        throw error
      }),
    create: (key, body) => call('POST', '/api/v1/task', key, body),
    read: (key, taskId) => call('GET', `/api/v1/task/${taskId}`, key),
    usage: (key) => call('GET', '/api/v1/account/usage', key),
    close: () => running.close(),
  }
}

/** Request bodies for each task type. */
export const bodies = {
  music: (prompt = 'a calm piano piece') => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } }),
  lyrics: (prompt = 'a song about the sea') => ({ model: 'music-model', task_type: 'lyrics', input: { prompt } }),
  upload: (url = 'https://example.com/audio/take-1.mp3') => ({ model: 'music-model', task_type: 'upload', input: { url } }),
  concat: (clipId: string) => ({ model: 'music-model', task_type: 'concat', input: { clip_id: clipId } }),
}
