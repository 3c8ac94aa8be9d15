/**
 * CORS over HTTP, as a browser on another origin exercises it: preflights, the headers on every
 * answer of the public API and the media files, origins restricted by option, and an admin API
 * that stays closed to other origins. The same policy on the standalone server (node:http door in
 * front of express) and on createApp alone. A real browser doing the same: test/browser/cors-page.test.ts.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { createApp } from '../../src/server/create-app.js'
import type { CorsOptions } from '../../src/server/cors.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const PAGE = 'http://localhost:5173'
const RATE_LIMITED = CONTRACT_SCENARIO.replace('  timeout_after: 10m', '  timeout_after: 10m\n  rate_limit: { per_minute: 2 }')
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } })

interface Started {
  url: string
  close(): Promise<void>
}

const doors: Array<[string, (scenario: string, cors?: CorsOptions | false) => Promise<Started>]> = [
  ['standalone server', async (scenario, cors) => startServer({ scenario, port: 0, host: '127.0.0.1', cors }) as Promise<RunningServer>],
  [
    'createApp (express)',
    async (scenario, cors) => {
      const server: Server = createServer(createApp(createMock({ scenario }), { cors }))
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
      }
    },
  ],
]

const preflight = (url: string, path: string, method = 'POST', origin = PAGE) =>
  fetch(url + path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type,x-api-key' },
  })

describe.each(doors)('CORS: %s', (_name, start) => {
  let running: Started | null = null
  afterEach(async () => {
    await running?.close()
    running = null
  })
  const open = async (scenario = CONTRACT_SCENARIO, cors?: CorsOptions | false) => (running = await start(scenario, cors)).url

  it('answers a preflight of the public API and of media with 204 and what a client needs', async () => {
    const url = await open()
    for (const [path, method] of [
      ['/api/v1/task', 'POST'],
      ['/api/v1/task/some-id', 'GET'],
      ['/api/v1/account/usage', 'GET'],
      ['/assets/audio/x.wav', 'GET'],
    ] as const) {
      const reply = await preflight(url, path, method)
      expect(reply.status, path).toBe(204)
      expect(reply.headers.get('access-control-allow-origin')).toBe('*')
      expect(reply.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST')
      expect(reply.headers.get('access-control-allow-headers')?.split(', ')).toEqual(expect.arrayContaining(['content-type', 'x-api-key']))
      expect(Number(reply.headers.get('access-control-max-age'))).toBeGreaterThan(0)
      expect(await reply.text()).toBe('')
    }
    const traced = await fetch(`${url}/api/v1/task`, {
      method: 'OPTIONS',
      headers: { origin: PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, traceparent' },
    })
    expect(traced.headers.get('access-control-allow-headers')).toBe('content-type, x-api-key, traceparent')
  })

  it('puts Access-Control-Allow-Origin on every answer of the public API and media, errors included', async () => {
    const url = await open()
    const headers = { origin: PAGE, 'x-api-key': 'key-a', 'content-type': 'application/json' }
    const created = await fetch(`${url}/api/v1/task`, { method: 'POST', headers, body: music })
    expect(created.status).toBe(202)
    const id = ((await created.clone().json()) as { data: { task_id: string } }).data.task_id
    let output: { result: Array<{ audio_url: string; image_url: string }> } | null = null
    for (let i = 0; i < 4; i++)
      output = ((await (await fetch(`${url}/api/v1/task/${id}`, { headers })).json()) as { data: { output: typeof output } }).data.output
    const answers = [
      created.clone(),
      await fetch(`${url}/api/v1/account/usage`, { headers }),
      await fetch(`${url}/api/v1/account/usage`, { headers: { origin: PAGE } }), // 401
      await fetch(`${url}/api/v1/task/nothing`, { headers }), // 404
      await fetch(`${url}/api/v1/nothing`, { headers }), // unknown route
      await fetch(output!.result[0]!.audio_url, { headers: { origin: PAGE } }),
      await fetch(output!.result[0]!.image_url, { method: 'HEAD', headers: { origin: PAGE } }),
      await fetch(`${url}/openapi.json`, { headers: { origin: PAGE } }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([202, 200, 401, 404, 404, 200, 200, 200])
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin'), answer.url).toBe('*')
      expect(answer.headers.get('access-control-expose-headers')).toBe(
        'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Content-Length',
      )
      await answer.arrayBuffer()
    }
  })

  it('exposes Retry-After and the rate-limit headers of a 429', async () => {
    const url = await open(RATE_LIMITED)
    const headers = { origin: PAGE, 'x-api-key': 'key-a' }
    let reply: Response | undefined
    for (let i = 0; i < 3; i++) reply = await fetch(`${url}/api/v1/account/usage`, { headers })
    expect(reply!.status).toBe(429)
    expect(reply!.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(reply!.headers.get('access-control-allow-origin')).toBe('*')
    expect(reply!.headers.get('access-control-expose-headers')).toContain('Retry-After')
  })

  it('keeps the admin API closed to other origins: no CORS headers, no preflight answer', async () => {
    const url = await open()
    const health = await fetch(`${url}/__admin/health`, { headers: { origin: PAGE } })
    expect(health.status).toBe(403) // a foreign Origin is refused outright (admin/cross-site.ts)
    expect(health.headers.get('access-control-allow-origin')).toBeNull()
    const reset = await preflight(url, '/__admin/reset')
    expect(reset.status).not.toBe(204)
    expect(reset.headers.get('access-control-allow-origin')).toBeNull()
    expect(reset.headers.get('access-control-allow-methods')).toBeNull()
    expect((await fetch(`${url}/__inspector`, { headers: { origin: PAGE } })).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('restricts to the origins given: echoes an allowed one, refuses the preflight of another', async () => {
    const url = await open(CONTRACT_SCENARIO, { origins: [PAGE, 'https://app.example.test'] })
    const allowed = await preflight(url, '/api/v1/task')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE)
    expect(allowed.headers.get('vary')).toContain('Origin')
    const refused = await preflight(url, '/api/v1/task', 'POST', 'http://evil.test')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expect(await refused.json()).toEqual({
      code: 403,
      message: 'Origin "http://evil.test" is not allowed to call the fake; allowed origins: http://localhost:5173, https://app.example.test',
    })
    const usage = await fetch(`${url}/api/v1/account/usage`, { headers: { origin: 'http://evil.test', 'x-api-key': 'key-a' } })
    expect(usage.headers.get('access-control-allow-origin')).toBeNull()
    expect(usage.headers.get('vary')).toBe('Origin')
    const mine = await fetch(`${url}/api/v1/account/usage`, { headers: { origin: 'https://app.example.test', 'x-api-key': 'key-a' } })
    expect(mine.headers.get('access-control-allow-origin')).toBe('https://app.example.test')
  })

  it('sends no CORS headers with cors: false', async () => {
    const url = await open(CONTRACT_SCENARIO, false)
    const usage = await fetch(`${url}/api/v1/account/usage`, { headers: { origin: PAGE, 'x-api-key': 'key-a' } })
    expect(usage.headers.get('access-control-allow-origin')).toBeNull()
    expect((await preflight(url, '/api/v1/task')).status).toBe(405)
  })
})

describe('CORS origins option', () => {
  it('refuses what is not an origin, with the reason', async () => {
    await expect(startServer({ port: 0, cors: { origins: ['http://localhost:5173/app'] } })).rejects.toThrow(
      'CORS origin "http://localhost:5173/app" is not an origin like http://localhost:5173 (scheme, host and port only)',
    )
    await expect(startServer({ port: 0, cors: { origins: ['localhost:5173'] } })).rejects.toThrow('is not an origin')
  })
})
