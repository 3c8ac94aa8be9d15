// Over HTTP: startServer, and the express app mounted in the consumer's own node:http server.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp, createMock, startServer, type App, type RunningServer } from 'audio-task-mock'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 }) // no scenario: the bundled default
})
afterAll(() => server.close())

it('startServer() answers demo-key from the default scenario', async () => {
  const reply = await fetch(`${server.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
  expect(reply.status).toBe(200)
  expect(((await reply.json()) as { data: { credits_topped_up: number } }).data.credits_topped_up).toBe(1000)
  server.accounts.create('consumer-key', 5)
  expect(server.accounts.get('consumer-key').available).toBe(5)
})

it('startServer() serves its OpenAPI document, and 404 (not 500) for a route it does not have', async () => {
  const document = await fetch(`${server.url}/openapi.json`)
  expect(document.status).toBe(200)
  expect(((await document.json()) as { servers: { url: string }[] }).servers[0]!.url).toBe(server.url)
  const unknown = await fetch(`${server.url}/api/v1/no-such-route`, { headers: { 'x-api-key': 'demo-key' } })
  expect(unknown.status).toBe(404)
  expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404)
})

it('createApp(mock) mounts in a plain node:http server', async () => {
  const app: App = createApp(createMock())
  const http = createServer(app)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = http.address() as AddressInfo
    const reply = await fetch(`http://127.0.0.1:${port}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
    expect(reply.status).toBe(200)
  } finally {
    await new Promise((resolve) => http.close(resolve))
  }
})
