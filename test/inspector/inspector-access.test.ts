/**
 * `/__inspector` over HTTP: the page and its assets with their content types, caching and CSP,
 * and the admin API's access rules. On 0.0.0.0 the traffic still goes to 127.0.0.1 only (like
 * the admin-exposure tests): without a token the page is closed (403); with one the page's files
 * are served, and the page sends the token (from its address's fragment) as a header: no cookie.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { startCli } from '../support/spawn-cli.js'

const SCENARIO = 'version: 1\nseed: 3\naccounts:\n  - { api_key: k, credits: 10 }\n'
const loopback = (running: { url: string }): string => `http://127.0.0.1:${new URL(running.url).port}`
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(url, { method, headers, redirect: 'manual' })

describe('/__inspector over HTTP', () => {
  let running: RunningServer | null = null
  afterEach(async () => {
    await running?.close()
    running = null
  })

  it('on loopback: serves the page and its bundled assets with their types, a strict CSP and revalidation', async () => {
    running = await startServer({ scenario: SCENARIO })
    for (const [path, type] of [
      ['/__inspector', 'text/html; charset=utf-8'],
      ['/__inspector/', 'text/html; charset=utf-8'],
      ['/__inspector/inspector.js', 'text/javascript; charset=utf-8'],
      ['/__inspector/inspector.css', 'text/css; charset=utf-8'],
    ] as const) {
      const response = await get(`${running.url}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type'), path).toBe(type)
      expect(response.headers.get('content-security-policy'), path).toMatch(/^default-src 'self'; script-src 'self';.*frame-ancestors 'none'/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const etag = response.headers.get('etag')!
      expect((await get(`${running.url}${path}`, { 'if-none-match': etag })).status, path).toBe(304)
    }
    const html = await (await get(`${running.url}/__inspector`)).text()
    // Everything the page loads is its own (no CDN, no inline script).
    expect(html).toMatch(/<script type="module" src="\/__inspector\/inspector\.js"><\/script>/)
    expect(html).not.toMatch(/https?:\/\//)
    expect(await (await get(`${running.url}/__inspector/inspector.js`)).text()).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/)
    const head = await get(`${running.url}/__inspector/inspector.js`, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('answers unknown files 404, writes 405, traversal attempts 404, all as JSON', async () => {
    running = await startServer({ scenario: SCENARIO })
    for (const path of ['/__inspector/nothing.js', '/__inspector/../package.json', '/__inspector/%2e%2e/package.json', '/__inspector/index.html/x']) {
      const response = await get(`${running.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/)
      expect((await response.json()).code, path).toBe(404)
    }
    const post = await fetch(`${running.url}/__inspector`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    expect(await post.json()).toMatchObject({ code: 405, message: expect.stringMatching(/acts through \/__admin/) })
  })

  it('on 0.0.0.0 without a token: the page and its assets are closed like /__admin (403)', async () => {
    running = await startServer({ scenario: SCENARIO, host: '0.0.0.0' })
    for (const path of ['/__inspector', '/__inspector/inspector.js', '/__inspector?token=guess', '/__admin/health']) {
      const response = await get(`${loopback(running)}${path}`, { authorization: 'Bearer guess' })
      expect(response.status, path).toBe(403)
      expect((await response.json()).message).toMatch(/^The admin API is closed/)
    }
  })

  it('on 0.0.0.0 with a token: the page is served, the token stays out of cookies (issue 27), the admin API wants the header', async () => {
    running = await startServer({ scenario: SCENARIO, host: '0.0.0.0', adminToken: 'open-sesame' })
    const origin = loopback(running)
    // The page and its assets hold no data: a navigation (which cannot carry a header) loads them.
    for (const path of ['/__inspector', '/__inspector/', '/__inspector/inspector.js', '/__inspector/inspector.css']) {
      const response = await get(`${origin}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('set-cookie'), path).toBeNull()
    }
    const wrong = await get(`${origin}/__inspector?token=wrong`)
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ code: 401, message: 'Invalid admin token; in a browser, open /__inspector/#token=TOKEN' })

    // An old link with ?token= moves the token into the fragment (never sent to a server) and
    // clears the cookie earlier versions set; no cookie carries the token any more.
    const login = await get(`${origin}/__inspector?token=open-sesame`)
    expect(login.status).toBe(303)
    expect(login.headers.get('location')).toBe('/__inspector/#token=open-sesame')
    expect(login.headers.get('set-cookie')).toBe('audio_task_mock_inspector=; Path=/__inspector; Max-Age=0; SameSite=Strict')
    // A cookie, even the right one, opens nothing: only the header does.
    expect((await get(`${origin}/__admin/health`, { cookie: 'audio_task_mock_inspector=open-sesame' })).status).toBe(401)
    expect((await get(`${origin}/__admin/health`, { authorization: 'Bearer open-sesame' })).status).toBe(200)
  })

  it('the bundled CLI finds the built page beside its chunks (dist/bin → dist/inspector-page)', async () => {
    const cli = await startCli(['--port', '0', '--host', '127.0.0.1'])
    try {
      const page = await get(`${cli.url}/__inspector/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('/__inspector/inspector.js')
      const script = await get(`${cli.url}/__inspector/inspector.js`)
      expect(script.status).toBe(200)
      expect(Number(script.headers.get('content-length'))).toBeGreaterThan(10_000)
    } finally {
      cli.child.kill('SIGTERM')
      await cli.exited
    }
  })
})
