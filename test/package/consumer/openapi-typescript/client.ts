// A client typed by the api.d.ts that openapi-typescript wrote from the fake's document.
import createClient from 'openapi-fetch'
import type { paths } from './api.js'

export const client = createClient<paths>({ baseUrl: process.env.AUDIO_TASK_MOCK_URL, headers: { 'x-api-key': 'demo-key' } })

export async function firstTaskStatus(): Promise<'pending' | 'running' | 'success' | 'failure' | 'timeout'> {
  const created = await client.POST('/api/v1/task', { body: { model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } } })
  if (created.data === undefined) throw new Error('Create Task failed')
  const read = await client.GET('/api/v1/task/{taskId}', { params: { path: { taskId: created.data.data.task_id } } })
  if (read.data === undefined) throw new Error('Get Task failed')
  return read.data.data.status
}
