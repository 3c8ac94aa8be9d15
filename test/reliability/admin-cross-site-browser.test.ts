/**
 * A real cross-site attempt from a page in headless Chromium: the page is served from
 * 127.0.0.1:A (the attacker), the fake listens on 127.0.0.1:B. The page submits a
 * `<form enctype=text/plain>` to top up an account, sends a `no-cors` fetch with a JSON text
 * body, and a body-less `no-cors` POST to reset the world. Each reaches the fake and is refused
 * (415 or 403); the world is unchanged.
 *
 * @module-tag chromium
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { launchChromium } from '../support/browser.js'
import { snapshot } from '../support/hostile.js'

function attackPage(fake: string): string {
  return `<!doctype html><html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="form" method="POST" enctype="text/plain" target="sink" action="${fake}/__admin/accounts/demo-key/top-up">
  <input name='{"credits":1000000,"x":"' value='"}'>
</form>
<script>
  window.attack = async () => {
    document.getElementById('form').submit()
    await fetch('${fake}/__admin/accounts/demo-key/top-up', { method: 'POST', mode: 'no-cors', body: '{"credits":1000000}' }).catch(() => null)
    await fetch('${fake}/__admin/reset', { method: 'POST', mode: 'no-cors' }).catch(() => null)
    return 'sent'
  }
</script></body></html>`
}

let browser: Browser | null = null
let fake: RunningServer
let attacker: Server
let attackerUrl: string
const seen: Array<{ method: string; url: string; status: number }> = []

beforeAll(async () => {
  fake = await startServer({ scenario: 'version: 1\nseed: 5\naccounts: [{ api_key: demo-key, credits: 10 }]', port: 0, host: '127.0.0.1' })
  fake.server.on('request', (req, res) => res.once('finish', () => seen.push({ method: req.method!, url: req.url!, status: res.statusCode })))
  attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(attackPage(fake.url)))
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => attacker.close(() => resolve()))
  await fake.close()
})

it('a page on another origin cannot top up or reset through the browser', async () => {
  fake.clock.advance('1h') // so that a reset would show
  const before = snapshot(fake.mock)
  const page = await browser!.newPage()
  await page.goto(attackerUrl)
  expect(await page.evaluate('window.attack()')).toBe('sent')
  // The form posts into a hidden frame; wait (bounded) until the fake has answered all three.
  for (let i = 0; i < 100 && seen.filter((entry) => entry.url.startsWith('/__admin/')).length < 3; i++) await page.waitForTimeout(50)
  const attempts = seen.filter((entry) => entry.url.startsWith('/__admin/'))
  expect(attempts.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(
    ['POST /__admin/accounts/demo-key/top-up', 'POST /__admin/accounts/demo-key/top-up', 'POST /__admin/reset'].sort(),
  )
  for (const attempt of attempts) expect([403, 415], JSON.stringify(attempt)).toContain(attempt.status)
  expect(snapshot(fake.mock)).toBe(before)
  expect(fake.accounts.get('demo-key').available).toBe(10)
  await page.close()
}, 60_000)
