// A client generated from the fake's own /openapi.json (openapi-typescript → api.d.ts, made by
// the test before this runs) and called through openapi-fetch: status and taskType narrow by value.
import createClient from 'openapi-fetch'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from 'audio-task-mock'
import type { paths } from './api.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

it('creates a music task and reads it to success through the typed client', async () => {
  const client = createClient<paths>({ baseUrl: server.url, headers: { 'x-api-key': 'demo-key' } })
  const created = await client.POST('/api/v1/task', {
    body: { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm lofi beat' } },
  })
  expect(created.response.status).toBe(202)
  const taskId = created.data!.data.task_id
  for (let read = 0; read < 10; read++) {
    const { data, error } = await client.GET('/api/v1/task/{taskId}', { params: { path: { taskId } } })
    if (error !== undefined) throw new Error(`Get Task answered ${error.code}: ${error.message}`)
    const task = data.data
    if (task.status === 'failure') throw new Error(`the task failed: ${task.error}`)
    if (task.status === 'success') {
      expect(task.output.taskType).toBe('music')
      if (task.output.taskType === 'music') expect(task.output.result[0]!.audio_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/audio\//)
      return
    }
  }
  throw new Error('the task did not succeed in 10 reads')
})
