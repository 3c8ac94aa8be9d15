/**
 * A client session that QA's hardest cases come from (success, failure, timeout, a 429, a 500,
 * 404s, usage), run against any base URL with a wall clock the test moves (no sleeping), and the
 * normalisation that lets two runs be compared field by field: ids by order of appearance,
 * origins of media URLs.
 */

/** The "real" service: the fake, on an auto clock that follows the test's wall clock. */
export const UPSTREAM_SCENARIO = `
version: 1
name: upstream
seed: 7
clock: { mode: auto, speed: 1, start: "2026-03-01T08:00:00.000Z" }
service: { timeout_after: 30m }
accounts:
  - { api_key: sk-live-9f8e7d6c5b4a-SECRET, credits: 1000 }
  - { api_key: sk-live-other-1234-SECRET, credits: 50 }
timelines:
  default:
    - { status: pending, for: 12s }
    - { status: running, for: 4m }
    - { status: success }
  fails:
    - { status: pending, for: 8s }
    - { status: running, for: 35s }
    - { status: failure, error: "upstream rejected the prompt: it names a living artist" }
  hangs:
    - { status: pending, for: 5s }
    - { status: running, for: 2m30s }
    - { status: timeout }
  lyrics:
    - { status: pending, for: 3s }
    - { status: success }
rules:
  - match: { input: { gpt_description_prompt: { contains: fail } } }
    timeline: fails
  - match: { input: { gpt_description_prompt: { contains: hang } } }
    timeline: hangs
  - match: { task_type: lyrics }
    timeline: lyrics
faults:
  - match: { endpoint: create, nth: 3 }
    respond: { status: 500, message: "Internal server error: the queue is unavailable" }
  - match: { endpoint: get_task, nth: 4 }
    respond: { status: 429, message: "Rate limit exceeded. Try again in 7 seconds.", headers: { Retry-After: "7" } }
  - match: { endpoint: usage, nth: 2 }
    respond: { status: 503 }
  # An upstream that echoes the key in a message: the written scenario must not.
  - match: { endpoint: usage, api_key: sk-live-other-1234-SECRET }
    respond: { status: 403, message: "key sk-live-other-1234-SECRET may not read usage" }
`

export const KEY = 'sk-live-9f8e7d6c5b4a-SECRET'
export const OTHER_KEY = 'sk-live-other-1234-SECRET'

export interface Answer {
  label: string
  status: number
  retryAfter: string | null
  body: unknown
}

const music = (prompt: string) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

/**
 * The session: four creates (the third answered 500), a lyrics task, reads every 10 s of every
 * unfinished task until all are final (one of them answered 429), usage, and 404s.
 */
export async function clientSession(base: string, keys: { key: string; other: string }, advance: (ms: number) => void): Promise<Answer[]> {
  const answers: Answer[] = []
  const call = async (label: string, path: string, key: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit =
      body === undefined
        ? { headers: { 'x-api-key': key } }
        : { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) }
    const response = await fetch(`${base}${path}`, init)
    const parsed = (await response.json()) as unknown
    answers.push({ label, status: response.status, retryAfter: response.headers.get('retry-after'), body: parsed })
    return parsed
  }
  const created: string[] = []
  const create = async (label: string, body: unknown): Promise<void> => {
    const answer = (await call(label, '/api/v1/task', keys.key, body)) as { data?: { task_id: string } }
    if (answer.data !== undefined) created.push(answer.data.task_id)
  }
  await create('create ok', music('a calm lofi beat'))
  advance(1_000)
  await create('create fail', music('this one will fail'))
  advance(1_000)
  await create('create 500', music('a third one'))
  advance(2_000)
  await create('create hang', music('this one will hang'))
  await create('create lyrics', { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain on a tin roof' } })
  await call('usage', '/api/v1/account/usage', keys.key)
  const final = new Set<string>()
  for (let round = 0; round < 40 && final.size < created.length; round++) {
    advance(10_000)
    for (const [index, id] of created.entries()) {
      if (final.has(id)) continue
      const read = (await call(`read ${index} round ${round}`, `/api/v1/task/${id}`, keys.key)) as { data?: { status: string } }
      if (read.data !== undefined && ['success', 'failure', 'timeout'].includes(read.data.status)) final.add(id)
    }
  }
  await call('usage after', '/api/v1/account/usage', keys.key)
  await call('usage again', '/api/v1/account/usage', keys.key)
  await call('read unknown', '/api/v1/task/no-such-task', keys.key)
  await call('read other key', `/api/v1/task/${created[0]}`, keys.other)
  await call('other usage', '/api/v1/account/usage', keys.other)
  return answers
}

const ID_FIELDS = new Set(['task_id', 'taskId', 'id'])

function collectIds(value: unknown, into: string[]): void {
  if (Array.isArray(value)) value.forEach((entry) => collectIds(entry, into))
  else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (ID_FIELDS.has(key) && typeof entry === 'string' && !into.includes(entry)) into.push(entry)
      else collectIds(entry, into)
    }
  }
}

/** The placeholders a recording or an export gives the session's keys. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = { [KEY]: 'recorded-key-1', [OTHER_KEY]: 'recorded-key-2' }

/**
 * Ids become `<id-N>` by order of first appearance (also inside messages); origins become
 * `<origin>`; `keys` (a key → its placeholder) are replaced where an answer echoes them.
 */
export function normalise(answers: Answer[], keys: Readonly<Record<string, string>> = {}): Answer[] {
  const ids: string[] = []
  for (const answer of answers) collectIds(answer.body, ids)
  let text = JSON.stringify(answers)
  for (const [key, placeholder] of Object.entries(keys)) text = text.split(key).join(placeholder)
  ids.forEach((id, index) => (text = text.split(id).join(`<id-${index + 1}>`)))
  text = text.replace(/http:\/\/127\.0\.0\.1:\d+/g, '<origin>')
  return JSON.parse(text) as Answer[]
}
