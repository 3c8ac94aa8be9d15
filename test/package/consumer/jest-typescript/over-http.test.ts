// Jest 30, TypeScript through @swc/jest, ESM: the fake over HTTP on a free port for this file.
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { startServer, type RunningServer } from 'audio-task-mock'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

test('startServer answers demo-key from the default scenario', async () => {
  const usage = await fetch(`${server.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
  expect(usage.status).toBe(200)
  const body = (await usage.json()) as { data: { credits_topped_up: number } }
  expect(body.data.credits_topped_up).toBe(1000)
})
