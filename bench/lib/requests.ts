/** The requests the bench sends: the same bodies for every door and for the baseline. */
import type { BenchRequest } from './http-request.js'

export const KEY = 'bench-key'
/** Tasks of this key stay `running` forever (bench/scenarios/bench.yaml). */
export const HOLD_KEY = 'bench-hold'

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
