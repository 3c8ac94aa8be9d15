/**
 * The example front end (examples/web) in headless Chromium, as a user would click through it:
 * against the fake in the page (msw setupWorker) and against the HTTP server from another origin
 * (CORS). The page waits 5 to 10 s between polls as the spec asks; Playwright's clock runs those
 * waits instantly. In the page the fake's journal sees that pace, so its client report must be clean.
 *
 * @module-tag chromium
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { startServer, type RunningServer } from '../src/server/start-server.js'
import { launchChromium, serveSite, type Site } from '../test/support/browser.js'
import { buildSite } from './web/site.js'

let browser: Browser
let site: Site
beforeAll(async () => {
  site = await serveSite(await buildSite())
  browser = await launchChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function open(path: string): Promise<Page> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.clock.install()
  await page.goto(site.url + path)
  await page.waitForFunction(() => document.body.dataset['phase'] === 'idle')
  expect(errors).toEqual([])
  return page
}

/** Submits a prompt and lets the page's waits pass until it is done; the statuses it showed. */
async function createAndWait(page: Page, prompt: string): Promise<string[]> {
  await page.fill('input[name=prompt]', prompt)
  await page.click('button[type=submit]')
  for (let i = 0; i < 20; i++) {
    const phase = await page
      .waitForFunction(() => ['waiting', 'done', 'error'].includes(document.body.dataset['phase'] ?? '') && document.body.dataset['phase'])
      .then((handle) => handle.jsonValue())
    if (phase !== 'waiting') break
    await page.clock.runFor(10_000) // one poll interval at most (5 s, 7.5 s, 10 s)
  }
  const phase = await page.evaluate(() => document.body.dataset['phase'])
  expect(phase, phase === 'error' ? (await page.textContent('#error'))! : '').toBe('done')
  return page.$$eval('#statuses li', (items) => items.map((item) => item.textContent ?? ''))
}

async function expectClipAndCover(page: Page): Promise<void> {
  expect(await page.textContent('#clip-info')).toMatch(/^.+: \d+\.\d\d s of audio\/wav at 8000 Hz$/)
  await page.waitForFunction(() => (document.getElementById('clip') as HTMLAudioElement).readyState >= 1)
  const duration = await page.evaluate(() => (document.getElementById('clip') as HTMLAudioElement).duration)
  expect(duration).toBeCloseTo(Number(/(\d+\.\d\d) s/.exec((await page.textContent('#clip-info'))!)![1]), 1)
  expect(await page.evaluate(() => (document.getElementById('cover') as HTMLImageElement).naturalWidth)).toBe(256)
  await page.click('#play')
  await page.waitForFunction(() => !(document.getElementById('clip') as HTMLAudioElement).paused)
}

describe('example front end: the fake in the page (setupWorker)', () => {
  it('creates a task, shows every status, plays the clip and shows the cover', async () => {
    const page = await open('/')
    expect(await page.textContent('#service')).toBe('the fake in this page (msw setupWorker)')
    expect(await createAndWait(page, 'a calm lofi beat for studying')).toEqual(['pending', 'running', 'running', 'success'])
    await expectClipAndCover(page)
    expect(await page.textContent('#usage')).toBe('10 of 1000 credits used, 1 task(s)')
    // The page kept the spec's pace: the fake's own report, read in the page, finds nothing wrong.
    const report = await page.evaluate(() => (window as unknown as { fake: { report(): { violations: unknown[]; requests: number } } }).fake.report())
    expect(report.violations).toEqual([])
    expect(report.requests).toBe(7) // usage, create, four reads, usage
    await page.close()
  })

  it('shows the refund of a task that fails upstream', async () => {
    const page = await open('/')
    expect(await createAndWait(page, 'this one will fail')).toEqual(['pending', 'running', 'failure'])
    expect(await page.textContent('#error')).toBe('failure: upstream rejected the prompt')
    expect(await page.textContent('#refund')).toBe('10 credits refunded')
    expect(await page.textContent('#usage')).toBe('0 of 1000 credits used, 1 task(s)')
    expect(await page.getAttribute('#cover', 'src')).toBeNull()
    await page.close()
  })
})

describe('example front end: the HTTP server, from another origin (CORS)', () => {
  let server: RunningServer
  beforeAll(async () => {
    const scenario = await readFile(new URL('../scenarios/default.yaml', import.meta.url), 'utf8')
    server = await startServer({ scenario, port: 0, host: '127.0.0.1' })
  })
  afterAll(() => server?.close())

  it('creates a task, shows every status, plays the clip and shows the cover', async () => {
    const page = await open(`/http/?api=${encodeURIComponent(server.url)}`)
    expect(new URL(site.url).origin).not.toBe(new URL(server.url).origin)
    expect(await page.textContent('#service')).toBe(server.url)
    expect(await createAndWait(page, 'a calm lofi beat for studying')).toEqual(['pending', 'running', 'running', 'success'])
    await expectClipAndCover(page)
    await page.close()
  })

  it('shows the refund of a task that fails upstream', async () => {
    const page = await open(`/http/?api=${encodeURIComponent(server.url)}`)
    expect(await createAndWait(page, 'this one will fail')).toEqual(['pending', 'running', 'failure'])
    expect(await page.textContent('#refund')).toBe('10 credits refunded')
    await page.close()
  })
})
