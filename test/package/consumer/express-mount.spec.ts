// createApp(mock) mounted in the consumer's own express 5 app under a path prefix: the routes, the
// media URLs and the OpenAPI document's server all carry the prefix.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import express from 'express'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp, createMock } from 'audio-task-mock'

const mock = createMock() // the bundled default scenario
const app = express()
app.get('/health', (_request, response) => void response.send('ok')) // the consumer's own route
app.use('/mock', createApp(mock))

let http: Server
let origin = ''
beforeAll(async () => {
  http = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => http.close(resolve)))

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }

it('answers under /mock, with /mock in the OpenAPI server and 404 for a route it does not have', async () => {
  expect(await fetch(`${origin}/health`).then((r) => r.text())).toBe('ok')
  const document = (await fetch(`${origin}/mock/openapi.json`).then((r) => r.json())) as { servers: { url: string }[] }
  expect(document.servers[0]!.url).toBe(`${origin}/mock`)
  expect((await fetch(`${origin}/mock/api/v1/no-such-route`, { headers })).status).toBe(404)
})

it('creates a music task under /mock, reads it to success, and its WAV loads from a /mock URL', async () => {
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })
  const created = await fetch(`${origin}/mock/api/v1/task`, { method: 'POST', headers, body })
  expect(created.status).toBe(202)
  const taskId = ((await created.json()) as { data: { task_id: string } }).data.task_id
  let task: { status: string; output?: { result: { audio_url: string }[] } } = { status: 'pending' }
  for (let read = 0; read < 10 && task.status !== 'success'; read++) {
    mock.clock.advance('10s')
    task = ((await fetch(`${origin}/mock/api/v1/task/${taskId}`, { headers }).then((r) => r.json())) as { data: typeof task }).data
  }
  expect(task.status).toBe('success')
  const audioUrl = task.output!.result[0]!.audio_url
  expect(audioUrl.startsWith(`${origin}/mock/assets/`)).toBe(true)
  const wav = await fetch(audioUrl)
  expect(wav.status).toBe(200)
  expect(wav.headers.get('content-type')).toMatch(/^audio\/wav/)
  expect(new TextDecoder().decode((await wav.arrayBuffer()).slice(0, 4))).toBe('RIFF')
})
