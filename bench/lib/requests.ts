/** The requests the bench sends: the same bodies for every door and for the baseline. */
import type { BenchRequest } from './http-request.js'

export const KEY = 'bench-key'
/** Tasks of this key stay `running` forever (bench/scenarios/bench.yaml). */
export const HOLD_KEY = 'bench-hold'
/** Tasks of this key succeed at once: the create answers with the finished task (bench/scenarios/bench.yaml). */
export const INSTANT_KEY = 'bench-instant'

/** A Create Task body of exactly `bytes` bytes (400 by default, as in the comparison); `tag` makes it unique. */
export function createBody(bytes = 400, tag = ''): string {
  const shell = (prompt: string) =>
    JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt, make_instrumental: false, mv: 'voice-v4' } })
  const words = `An upbeat synth-pop track about a night drive through a rainy city, bright arpeggios, warm pads, a driving four-on-the-floor beat ${tag}`
  let prompt = words
  while (Buffer.byteLength(shell(prompt)) < bytes) prompt += ' la'
  prompt = prompt.slice(0, prompt.length - (Buffer.byteLength(shell(prompt)) - bytes))
  return shell(prompt)
}

export const createRequest = (key = KEY, body = createBody()): BenchRequest => ({
  method: 'POST',
  path: '/api/v1/task',
  headers: { 'x-api-key': key, 'content-type': 'application/json' },
  body,
})

export const getTaskRequest = (taskId: string, key = KEY): BenchRequest => ({
  method: 'GET',
  path: `/api/v1/task/${taskId}`,
  headers: { 'x-api-key': key },
})

export const usageRequest = (key = KEY): BenchRequest => ({ method: 'GET', path: '/api/v1/account/usage', headers: { 'x-api-key': key } })

/** `POST /__admin/clock/advance` as a test suite sends it: JSON, to a loopback Host (node:http sets Host from the URL). */
export const clockAdvanceRequest = (by = '1ms'): BenchRequest => ({
  method: 'POST',
  path: '/__admin/clock/advance',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ by }),
})

/**
 * Whether an HTTP case runs under `--http-cases LIST`: a listed name selects the case of that
 * name and every case named after it with a parenthesis ("Create" selects "Create (pending
 * first)" and "Create (succeeds at once)"; "usage" both usage cases). No list: every case.
 */
export function selectsCase(only: ReadonlySet<string> | undefined, name: string): boolean {
  if (only === undefined) return true
  for (const listed of only) if (name === listed || name.startsWith(`${listed} (`)) return true
  return false
}
