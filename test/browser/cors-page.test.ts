/**
 * CORS in a real browser: a page served from one origin calls the HTTP server on another. It can
 * use the public API and read Retry-After and the rate-limit headers; it cannot drive /__admin
 * (the browser stops the request at the preflight, so the world is untouched); and a server
 * restricted to other origins refuses it. The HTTP-level details: test/server/cors.test.ts.
 *
 * @module-tag chromium
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import type { CorsOptions } from '../../src/server/cors.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'
import { launchChromium, serveSite, type Site } from '../support/browser.js'

const SCENARIO = CONTRACT_SCENARIO.replace('  timeout_after: 10m', '  timeout_after: 10m\n  rate_limit: { per_minute: 3 }')

let browser: Browser
let site: Site
let page: Page
let server: RunningServer | null = null
beforeAll(async () => {
  site = await serveSite({ '/': { type: 'text/html', body: '<!doctype html><title>another origin</title>' } })
  browser = await launchChromium()
  page = await browser.newPage()
  await page.goto(site.url)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
})
afterEach(async () => {
  await server?.close()
  server = null
})

const start = async (cors?: CorsOptions) => (server = await startServer({ scenario: SCENARIO, port: 0, host: '127.0.0.1', cors }))

/** A fetch from the page: what a script there can see of the answer, or the error the browser raised. */
function pageFetch(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return page.evaluate(
    async ([u, i]) => {
      try {
        const response = await fetch(u, i)
        const headers = Object.fromEntries(
          ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'content-type', 'content-length'].map((name) => [name, response.headers.get(name)]),
        )
        return { status: response.status, headers, body: await response.text() }
      } catch (error) {
        return { error: String(error) }
      }
    },
    [url, init] as const,
  )
}

it('lets a page on another origin create, read and download, and read the rate-limit headers', async () => {
  const { url } = await start()
  expect(new URL(url).origin).not.toBe(new URL(site.url).origin)
  const headers = { 'x-api-key': 'key-a', 'content-type': 'application/json' }
  const created = await pageFetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } }),
  })
  expect(created).toMatchObject({ status: 202, headers: { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2', 'content-type': 'application/json' } })
  const id = JSON.parse((created as { body: string }).body).data.task_id
  expect(await pageFetch(`${url}/api/v1/task/${id}`, { headers: { 'x-api-key': 'key-a' } })).toMatchObject({ status: 200 })
  expect(await pageFetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })).toMatchObject({ status: 200 })
  const limited = await pageFetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })
  expect(limited).toMatchObject({ status: 429, headers: { 'retry-after': expect.stringMatching(/^\d+$/), 'x-ratelimit-remaining': '0' } })
  const doc = await pageFetch(`${url}/openapi.json`)
  expect(doc, JSON.stringify(doc).slice(0, 400)).toMatchObject({ status: 200 })
})

it('cannot drive the admin API from another origin: the browser stops it at the preflight', async () => {
  const { url } = await start()
  const created = await pageFetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': 'key-b', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } }),
  })
  expect(created).toMatchObject({ status: 202 })
  expect(await pageFetch(`${url}/__admin/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).toEqual({
    error: expect.stringContaining('Failed to fetch'),
  })
  expect(await pageFetch(`${url}/__admin/tasks`)).toEqual({ error: expect.stringContaining('Failed to fetch') })
  expect(server!.tasks.list()).toHaveLength(1)
})

it('refuses a page whose origin is not among the allowed ones', async () => {
  const { url } = await start({ origins: ['http://localhost:5173'] })
  expect(await pageFetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })).toEqual({ error: expect.stringContaining('Failed to fetch') })
  await server!.close()
  const allowed = await start({ origins: [site.url] })
  expect(await pageFetch(`${allowed.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })).toMatchObject({ status: 200 })
})
