/**
 * `GET /` over HTTP: a small page saying what answers here (version, scenario) with links to the
 * inspector, the OpenAPI document and the docs: HTML for a browser, JSON otherwise. It shows the
 * scenario only to whoever may use /__admin (the admin guard decides), never an API key, and its
 * HTML escapes what a scenario says and runs no script.
 */
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createMockCore } from '../../src/mock/mock-core.js'
import { createNodeDoor } from '../../src/server/node-door.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { rawRequest } from '../support/raw-http.js'

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
const SCENARIO = `version: 1
name: front-page
description: 'Tasks <img src=x onerror=alert(1)> & "quotes"'
accounts: [{ api_key: secret-key-123, credits: 5 }]
`

let running: RunningServer | undefined
let plain: Server | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
  await new Promise((resolve) => (plain === undefined ? resolve(null) : plain.close(resolve)))
  plain = undefined
})

const page = (url: string, headers: Record<string, string> = {}) => fetch(`${url}/`, { headers })

describe('GET / on loopback', () => {
  it('answers JSON to a client that does not ask for HTML: version, scenario, links', async () => {
    running = await startServer({ scenario: SCENARIO })
    const answer = await page(running.url, { accept: 'application/json' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.get('vary')).toBe('Accept')
    const body = await answer.json()
    expect(body).toEqual({
      name: 'audio-task-mock',
      version: VERSION,
      world: null,
      scenario: { name: 'front-page', description: 'Tasks <img src=x onerror=alert(1)> & "quotes"' },
      links: {
        api: `${running.url}/api/v1`,
        inspector: `${running.url}/__inspector/`,
        openapi: `${running.url}/openapi.json`,
        docs: expect.stringMatching(/^https:\/\//),
      },
    })
    // No Accept header at all (curl): JSON too.
    expect((await page(running.url)).headers.get('content-type')).toBe('application/json')
  })

  it('answers HTML to a browser, escaped, under a CSP that runs nothing', async () => {
    running = await startServer({ scenario: SCENARIO })
    const answer = await page(running.url, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await answer.text()
    expect(html).toContain(`audio-task-mock ${VERSION}`)
    expect(html).toContain('front-page')
    expect(html).toContain('Tasks &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;')
    expect(html).not.toContain('<img')
    expect(html).toContain(`href="${running.url}/__inspector/"`)
    expect(html).toContain(`href="${running.url}/openapi.json"`)
    expect(html).not.toContain('<script')
  })

  it('never shows an API key', async () => {
    running = await startServer({ scenario: SCENARIO })
    for (const accept of ['application/json', 'text/html']) expect(await (await page(running.url, { accept })).text()).not.toContain('secret-key')
  })

  it('answers HEAD without a body, and other methods 405 with Allow', async () => {
    running = await startServer({ scenario: SCENARIO })
    const head = await fetch(`${running.url}/`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(`${running.url}/`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('answers a world its own page: /worlds/NAME/, with its document and the inspector on it', async () => {
    running = await startServer({ scenario: SCENARIO })
    for (const path of ['/worlds/w1/', '/worlds/w1']) {
      const body = await (await fetch(`${running.url}${path}`)).json()
      expect(body).toMatchObject({
        world: 'w1',
        scenario: { name: 'front-page' },
        links: { api: `${running.url}/worlds/w1/api/v1`, inspector: `${running.url}/__inspector/?world=w1`, openapi: `${running.url}/worlds/w1/openapi.json` },
      })
    }
  })
})

describe('GET / where the admin API is guarded', () => {
  it('with an admin token: the scenario only for a request that carries it', async () => {
    running = await startServer({ scenario: SCENARIO, adminToken: 'tok' })
    const without = await (await page(running.url)).json()
    expect(without).toMatchObject({ version: VERSION, scenario: null })
    expect(JSON.stringify(without)).not.toContain('front-page')
    const html = await (await page(running.url, { accept: 'text/html' })).text()
    expect(html).not.toContain('front-page')
    expect(html).toContain('admin token')
    const withToken = await (await page(running.url, { authorization: 'Bearer tok' })).json()
    expect(withToken.scenario).toMatchObject({ name: 'front-page' })
    expect((await page(running.url, { authorization: 'Bearer wrong' })).status).toBe(200) // the page itself is public
  })

  it('on a host that is not loopback and no token (admin closed): no scenario', async () => {
    const door = createNodeDoor(createMockCore({ scenario: SCENARIO }), { admin: { exposedOn: '0.0.0.0' } })
    plain = createServer(door)
    await new Promise<void>((resolve) => plain!.listen(0, '127.0.0.1', resolve))
    const port = (plain.address() as { port: number }).port
    const body = await (await page(`http://127.0.0.1:${port}`)).json()
    expect(body).toMatchObject({ version: VERSION, scenario: null })
  })

  it('a page reached through another name (DNS rebinding) gets no scenario', async () => {
    running = await startServer({ scenario: SCENARIO })
    const port = Number(new URL(running.url).port)
    const answer = await rawRequest(port, { method: 'GET', path: '/', host: `attacker.example:${port}`, headers: { accept: 'application/json' } })
    expect(answer.status).toBe(200)
    expect(answer.json.scenario).toBeNull()
  })
})
