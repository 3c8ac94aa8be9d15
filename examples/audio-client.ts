/**
 * A small client of the Asynchronous Audio Task Service, written the way the spec asks:
 * create a task, poll it every 5 to 10 s (backing off) until a final status, then download the
 * files. It honours Retry-After, retries reads (they are safe) but never a create (the service
 * has no idempotency key: a retried create may be charged twice). `sleep` is injectable, so a
 * test can move the fake's clock instead of waiting.
 */

export interface ClientOptions {
  baseUrl: string
  apiKey: string
  fetch?: typeof fetch
  /** Default: real waiting. Tests pass `(ms) => fake.clock.advance(ms)`. */
  sleep?: (ms: number) => unknown
  /** First wait between polls, then ×1.5 per poll up to `maxPollMs`. Defaults 5 s and 10 s. */
  firstPollMs?: number
  maxPollMs?: number
  /** Give up after this long (ms of sleep). Default 15 minutes. */
  giveUpAfterMs?: number
}

export interface Task {
  task_id: string
  status: 'pending' | 'running' | 'success' | 'failure' | 'timeout'
  error: string | null
  output: { result: Array<{ id: string; audio_url: string; image_url: string; title: string; duration: number }> } | null
  [field: string]: unknown
}

export class AudioTaskError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`)
    this.name = 'AudioTaskError'
  }
}

const FINAL = new Set(['success', 'failure', 'timeout'])

export function createAudioClient(options: ClientOptions) {
  const send = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)))
  const headers = { 'x-api-key': options.apiKey, 'content-type': 'application/json' }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(`${options.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const json = (await response.json()) as { code: number; data?: T; message?: string }
    if (!response.ok) throw Object.assign(new AudioTaskError(response.status, json.message ?? 'error'), { retryAfter: response.headers.get('retry-after') })
    return json.data as T
  }

  const getTask = (taskId: string) => call<Task>('GET', `/api/v1/task/${taskId}`)

  return {
    /** One attempt: a create is never retried automatically (it could be charged twice). */
    createTask: (taskType: string, input: Record<string, unknown>, model = 'music-model') =>
      call<{ task_id: string; credits_charged: number }>('POST', '/api/v1/task', { model, task_type: taskType, input }),

    getTask,

    usage: () => call<{ tasks_created: number; credits_used: number; credits_topped_up: number }>('GET', '/api/v1/account/usage'),

    /**
     * Polls until success, failure or timeout: 5 s, 7.5 s, 10 s, 10 s… and longer when told to by
     * Retry-After. `onRead` sees every answer (a page shows each status as it comes).
     */
    async waitForTask(taskId: string, onRead?: (task: Task) => void): Promise<Task> {
      let wait = options.firstPollMs ?? 5_000
      let waited = 0
      for (;;) {
        let pause = wait
        try {
          const task = await getTask(taskId)
          onRead?.(task)
          if (FINAL.has(task.status)) return task
        } catch (error) {
          const status = error instanceof AudioTaskError ? error.status : 0
          if (status !== 0 && status !== 429 && status < 500) throw error // 401, 404: retrying will not help
          const retryAfter = Number((error as { retryAfter?: string | null }).retryAfter ?? Number.NaN)
          if (Number.isFinite(retryAfter)) pause = Math.max(pause, retryAfter * 1000)
        }
        if (waited + pause > (options.giveUpAfterMs ?? 900_000)) throw new Error(`task ${taskId} not final after ${waited} ms`)
        await sleep(pause)
        waited += pause
        wait = Math.min(wait * 1.5, options.maxPollMs ?? 10_000)
      }
    },

    /** The bytes of an output file, checked against Content-Length. */
    async download(url: string): Promise<{ contentType: string | null; bytes: Uint8Array }> {
      const response = await send(url)
      if (!response.ok) throw new AudioTaskError(response.status, `download of ${url} failed`)
      const bytes = new Uint8Array(await response.arrayBuffer())
      const length = response.headers.get('content-length')
      if (length !== null && Number(length) !== bytes.byteLength) throw new Error(`short download: ${bytes.byteLength} of ${length} bytes`)
      return { contentType: response.headers.get('content-type'), bytes }
    },
  }
}
