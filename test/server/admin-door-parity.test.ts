/**
 * The standalone server answers `/__admin` and the media files from node:http
 * (server/admin-door.ts, server/media-door.ts); the express app answers them through msw. The same raw requests, in the same order, to one of each started from the
 * same scenario get the same answers: status, type, paging headers and body, byte for byte (the
 * port, which differs, aside). Edge cases of bodies and types included, where a door that rebuilt
 * the request differently would answer differently.
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { createApp } from '../../src/server/create-app.js'
import { requireHost } from '../../src/server/require-host.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { rawRequest, type RawRequest } from '../support/raw-http.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const json = { 'content-type': 'application/json' }
const yaml = { 'content-type': 'application/yaml' }

const REQUESTS: RawRequest[] = [
  { method: 'GET', path: '/__admin/health' },
  { method: 'POST', path: '/__admin/clock/advance', body: '{"by":"1m"}' },
  { method: 'POST', path: '/__admin/clock/advance', headers: { 'content-type': 'text/plain' }, body: '{"by":"1m"}' },
  { method: 'POST', path: '/__admin/clock/advance', headers: json, body: '\uFEFF{"by":"1m"}' },
  { method: 'POST', path: '/__admin/clock/advance', headers: json, body: '{"by":' },
  { method: 'POST', path: '/__admin/clock/advance', headers: json, body: '{"by":"90s"}' },
  { method: 'POST', path: '/__admin/accounts', headers: json, body: '{"api_key":"k-ü","credits":3}' },
  { method: 'POST', path: '/__admin/accounts', headers: json, body: '{"api_key":"k-2","credits":3}' },
  { method: 'POST', path: '/__admin/accounts', headers: json, body: '{"api_key":"k-2","credits":3}' },
  { method: 'GET', path: '/__admin/accounts/k-2' },
  { method: 'GET', path: '/__admin/accounts/k%2D2' },
  { method: 'GET', path: '/__admin/accounts/nobody' },
  { method: 'POST', path: '/__admin/accounts/k-2/top-up', headers: json, body: '{"credits":-1}' },
  { method: 'POST', path: '/__admin/accounts/k-2/top-up', headers: json, body: '{"credits":7}' },
  { method: 'POST', path: '/__admin/accounts/k-2/top-up', headers: { ...json, origin: 'http://evil.example' }, body: '{"credits":7}' },
  { method: 'POST', path: '/__admin/accounts/k-2/top-up', headers: { ...json, 'sec-fetch-site': 'cross-site' }, body: '{"credits":7}' },
  { method: 'GET', path: '/__admin/accounts?limit=2' },
  { method: 'GET', path: '/__admin/accounts?limit=2&offset=2' },
  { method: 'GET', path: '/__admin/accounts?limit=nope' },
  { method: 'POST', path: '/__admin/accounts/k-2/reset', headers: json, body: '' },
  { method: 'DELETE', path: '/__admin/accounts/k-2' },
  { method: 'DELETE', path: '/__admin/accounts/k-2' },
  { method: 'GET', path: '/__admin/tasks?limit=1' },
  { method: 'GET', path: '/__admin/tasks/not-a-task' },
  { method: 'POST', path: '/__admin/tasks/not-a-task/force', headers: json, body: '{"status":"failure"}' },
  { method: 'GET', path: '/__admin/journal' },
  { method: 'GET', path: '/__admin/report' },
  { method: 'GET', path: '/__admin/export' },
  { method: 'PUT', path: '/__admin/scenario', headers: yaml, body: 'version: 1\naccounts: [{ api_key: x, credits: 1 }]\nbogus: 1\n' },
  { method: 'PUT', path: '/__admin/scenario', headers: yaml, body: '' },
  { method: 'PUT', path: '/__admin/scenario', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: 'version: 1\n' },
  { method: 'POST', path: '/__admin/reset' },
  { method: 'POST', path: '/__admin/reset', body: 'version: 1\n' },
  { method: 'POST', path: '/__admin/reset', headers: yaml, body: 'version: 1\nseed: 9\naccounts: [{ api_key: z, credits: 2 }]\n' },
  { method: 'GET', path: '/__admin/accounts' },
  { method: 'GET', path: '/__admin/clock' },
]

let running: RunningServer
let app: Server
beforeAll(async () => {
  running = await startServer({ scenario: CONTRACT_SCENARIO, port: 0 })
  app = createServer({ requireHostHeader: false }, requireHost(createApp(createMock({ scenario: CONTRACT_SCENARIO }))))
  await new Promise<void>((done) => app.listen(0, '127.0.0.1', done))
})
afterAll(async () => {
  await running?.close()
  await new Promise<void>((done) => (app.closeAllConnections(), app.close(() => done())))
})

it('answers every admin request as the msw handlers in the express app do', async () => {
  const ports = [Number(new URL(running.url).port), (app.address() as AddressInfo).port]
  const answers = async (port: number) => {
    const seen = []
    for (const request of REQUESTS) {
      const { status, headers, body } = await rawRequest(port, request)
      seen.push({
        request: `${request.method} ${request.path}`,
        status,
        type: headers['content-type'],
        link: headers['link']?.replaceAll(String(port), 'PORT'),
        total: headers['x-total-count'],
        body: body.replaceAll(String(port), 'PORT'),
      })
    }
    return seen
  }
  const [door, viaMsw] = [await answers(ports[0]!), await answers(ports[1]!)]
  expect(door).toEqual(viaMsw)
  // The sequence meets each kind of answer, so the comparison covers them.
  expect(new Set(door.map((answer) => answer.status))).toEqual(new Set([200, 201, 400, 403, 404, 409, 415]))
})

it('answers every media request as the msw handlers in the express app do: status, headers and bytes', async () => {
  const origins = [running.url, `http://127.0.0.1:${(app.address() as AddressInfo).port}`]
  const key = { 'x-api-key': 'key-a', 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } })
  const answers = async (origin: string) => {
    // The same scenario, seed and requests on both: the same task id and clip ids.
    await fetch(`${origin}/__admin/reset`, { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: CONTRACT_SCENARIO })
    const id = ((await (await fetch(`${origin}/api/v1/task`, { method: 'POST', headers: key, body })).json()) as { data: { task_id: string } }).data.task_id
    let task: any
    for (let read = 0; read < 5 && task?.status !== 'success'; read++)
      task = ((await (await fetch(`${origin}/api/v1/task/${id}`, { headers: key })).json()) as any).data
    const clip = task.output.result[0].id as string
    const seen = []
    for (const [method, path] of [
      ['GET', `/assets/audio/${clip}.wav`],
      ['HEAD', `/assets/audio/${clip}.wav`],
      ['GET', `/assets/image/${clip}.png`],
      ['HEAD', `/assets/image/${clip}.png`],
      ['GET', `/assets/audio/${clip}.png`],
      ['GET', `/assets/image/${clip}`],
      ['GET', '/assets/audio/no-such-clip.wav'],
      ['GET', `/assets/audio/${clip.replace('-', '%2D')}.wav`],
      ['GET', `/assets/audio/${clip}.wav/`],
      ['GET', '/assets/audio/%E0%A4%A.wav'],
      ['POST', `/assets/audio/${clip}.wav`],
    ]) {
      const response = await fetch(origin + path!, { method })
      const bytes = new Uint8Array(await response.arrayBuffer())
      seen.push({
        request: `${method} ${path!.replace(clip, 'CLIP')}`,
        status: response.status,
        headers: ['content-type', 'cache-control', 'retry-after'].map((name) => response.headers.get(name)),
        // A file's length is the file's; an error's framing is the door's (express sends JSON errors chunked).
        length: response.status === 200 ? response.headers.get('content-length') : 'framing',
        body: createHash('sha256').update(bytes).digest('hex'),
      })
    }
    return seen
  }
  const [door, viaMsw] = [await answers(origins[0]!), await answers(origins[1]!)]
  expect(door).toEqual(viaMsw)
  // Files, a malformed escape (400, msw's matcher), a wrong extension, an unknown clip, another method (404).
  expect(new Set(door.map((answer) => answer.status))).toEqual(new Set([200, 400, 404]))
  expect(door[0]!.headers[0]).toBe('audio/wav')
  expect(Number(door[1]!.length)).toBeGreaterThan(1000)
})
