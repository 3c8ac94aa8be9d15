/**
 * What the node:http door does with the transport: stop reading a body that passes the
 * limit and answer 413 before the client has finished sending; answer a bug with JSON.
 */
import { createServer, request, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { MockHandle } from '../../src/handle/mock-handle.js'
import { createNodeDoor } from '../../src/server/node-door.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'

let running: RunningServer | null = null
let bare: Server | null = null
afterEach(async () => {
  await running?.close()
  running = null
  if (bare !== null) await new Promise<void>((resolve) => bare!.close(() => resolve()))
  bare = null
})

async function listen(listener: RequestListener): Promise<string> {
  bare = createServer(listener)
  await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
}

describe('standalone server transport', () => {
  it('answers 413 with connection: close as soon as a streamed body passes the limit, before it ends', { timeout: 5_000 }, async () => {
    running = await startServer({ scenario: 'version: 1\nservice: { max_body_bytes: 64 }\naccounts: [{ api_key: k, credits: 10 }]\n' })
    const { hostname, port } = new URL(running.url)
    const req = request({
      hostname,
      port,
      method: 'POST',
      path: '/api/v1/task',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    })
    const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
      })
      req.on('error', reject)
    })
    req.write(`{"model":"music-model","input":"${'x'.repeat(100)}`)
    // The request is never ended: the answer must not wait for the rest of the body.
    const reply = await answered
    req.destroy()
    expect(reply.status).toBe(413)
    expect(reply.connection).toBe('close')
    expect(JSON.parse(reply.body)).toEqual({ code: 413, message: expect.stringMatching(/^Request body too large: \d+ bytes or more, the limit is 64 bytes$/) })
    expect(running.mock.world.tasks.size).toBe(0)
  })

  it('answers an exception in the api layer with a JSON 500 and keeps serving', async () => {
    let calls = 0
    const broken: Pick<MockHandle, 'world'> = {
      get world(): never {
        calls += 1
        throw new Error('the world is broken')
      },
    }
    const url = await listen(createNodeDoor(broken as MockHandle))
    for (const [method, path] of [
      ['GET', '/api/v1/account/usage'],
      ['GET', '/api/v1/task/x'],
      ['POST', '/api/v1/task'],
    ] as const) {
      const response = await fetch(url + path, {
        method,
        headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.json()).toEqual({ code: 500, message: 'Internal error in audio-task-mock (a bug, please report it): the world is broken' })
    }
    expect(calls).toBeGreaterThanOrEqual(3) // each request reached the world (and again to journal its crash)
  })
})

describe('answers sent before the request body was read', () => {
  // A refusal (413) or a route that ignores bodies (404) answers while the client is still
  // sending: the rest of that body will never be read, so the connection closes once the answer
  // is out. It used to stay open with its body half read, and close() waited out its whole grace.
  it.each([
    ['an unknown route (the express app answers 404)', '/api/v1/nothing', 404],
    ['an unknown admin route (404)', '/__admin/nothing', 404],
    ['an admin body over the limit (413)', '/__admin/accounts', 413],
    ['an admin body over the limit, on a clock route (413)', '/__admin/clock/advance', 413],
    ['a public body over the limit (413)', '/api/v1/task', 413],
  ])('%s: the client gets the whole answer, and close() does not wait for the connection', async (_what, path, status) => {
    running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 10 }]\n' })
    const body = `{"api_key":"${'k'.repeat(4 * 1024 * 1024)}","credits":1}`
    const answer = await fetch(running.url + path, { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body })
    expect(answer.status).toBe(status)
    expect(await answer.json()).toEqual({ code: status, message: expect.any(String) })
    const closing = running.close(60_000)
    running = null
    const closed = await Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 2_000, 'still open after 2 s'))])
    expect(closed).toBe('closed')
  })
})
