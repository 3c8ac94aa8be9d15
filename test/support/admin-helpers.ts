/** Small helpers the admin tests share: public requests through a driven fake. */
import type { Driven } from './admin-drivers.js'

export const music = (prompt = 'a calm piano piece') => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

/** Creates a task through the public API and returns its id (fails the test on anything but 202). */
export async function createTask(fake: Driven, key = 'key-a', body: unknown = music()): Promise<string> {
  const reply = await fake.call('POST', '/api/v1/task', { key, body })
  if (reply.status !== 202) throw new Error(`create answered ${reply.status}: ${reply.text}`)
  return reply.json.data.task_id as string
}

export async function readTask(fake: Driven, id: string, key = 'key-a') {
  return fake.call('GET', `/api/v1/task/${id}`, { key })
}

export async function usage(fake: Driven, key = 'key-a') {
  return (await fake.call('GET', '/api/v1/account/usage', { key })).json.data
}

export const T0 = '2026-01-01T00:00:00.000Z'
