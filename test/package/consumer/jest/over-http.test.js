// Jest 30, ESM: the fake over HTTP on a free port for this file.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startServer } from 'audio-task-mock'

let server
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

test('startServer answers demo-key from the default scenario, and 404 for an unknown route', async () => {
  const usage = await fetch(`${server.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
  expect(usage.status).toBe(200)
  expect((await usage.json()).data.credits_topped_up).toBe(1000)
  expect((await fetch(`${server.url}/api/v1/no-such-route`)).status).toBe(404)
})
