/**
 * QA shares what it saw (issue 39), in headless Chromium: 50 keys show as 50 labels and a label
 * filters one key; every request, task and world view has an address that opens it again (and
 * never holds the admin token); a request copies as curl that runs; the journal exports as HAR;
 * a run downloads as one file that opens here and diffs with the world; the report at 2,000
 * tasks is a screenful of groups with links to the rest. UPDATE_INSPECTOR_SCREENSHOT=1 copies the
 * screenshots (1280×720) into docs/.
 *
 * @module-tag chromium
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMusic, getTask } from '../support/api-calls.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { launchChromium } from '../support/browser.js'

const KEYS = Array.from({ length: 50 }, (_, index) => `key-${String(index + 1).padStart(2, '0')}`)
const TOKEN = 'share-token-8c1f'
const SCENARIO = `version: 1
name: qa-share
seed: 11
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
${KEYS.map((key) => `  - { api_key: ${key}, credits: 100000 }`).join('\n')}
faults:
  - match: { endpoint: create, api_key: key-02, nth: 2 }
    respond: { status: 500, message: upstream exploded }
`
const SHOTS = mkdtempSync(join(tmpdir(), 'inspector-share-'))
let browser: Browser
let context: BrowserContext
let running: RunningServer
let page: Page

const create = (apiKey: string, prompt: string) => createMusic(running, apiKey, prompt)
const shot = async (name: string) => {
  await page.mouse.move(1, 700)
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

beforeAll(async () => {
  ;[browser, running] = await Promise.all([launchChromium(), startServer({ scenario: SCENARIO, adminToken: TOKEN })])
  context = await browser.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.url })
  page = await context.newPage()
  page.setDefaultTimeout(15_000)
  // 2,000 tasks over the 50 keys, never read to their end; every 10th read twice at once (too fast).
  for (let index = 0; index < 2_000; index++) {
    const key = KEYS[index % 50]!
    const created = create(key, `song ${index}`)
    if (created.status === 202 && index % 10 === 0) {
      const id = (JSON.parse(created.body) as { data: { task_id: string } }).data.task_id
      for (let read = 0; read < 2; read++) getTask(running.mock.world, { apiKey: key, origin: running.url }, id)
    }
  }
  // The token is given once, in the fragment; every address after it is the page's own.
  await page.goto(`${running.url}/__inspector/?poll=200#token=${TOKEN}`)
  await page.waitForSelector('[data-scenario="qa-share"]')
}, 60_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await running?.close()
})

/** Opens `address` in a fresh tab of the same browser session (the token lives in the tab's sessionStorage, as a new tab of a shared link gets it). */
async function opened(address: string): Promise<Page> {
  const other = await context.newPage()
  other.setDefaultTimeout(15_000)
  await other.goto(`${running.url}/__inspector/#token=${TOKEN}`)
  await other.waitForSelector('[data-scenario="qa-share"]')
  await other.goto(address)
  return other
}

it('shows 50 keys as 50 labels, and a label as a filter selects exactly one key', async () => {
  await page.goto(`${running.url}/__inspector/?poll=200#requests?endpoint=create`)
  await page.waitForSelector('tr.entry')
  await page.fill('input[aria-label="api key"]', 'ke…01')
  await page.press('input[aria-label="api key"]', 'Enter')
  await page.waitForFunction(() => [...document.querySelectorAll('tr.entry td:nth-child(5)')].every((cell) => cell.textContent === 'ke…01'))
  expect(await page.textContent('.requests .pager .count')).toBe('1–40 of 40')
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#requests?endpoint=create&key=ke…01')
  const labels = new Set(running.journal({ limit: 10_000 }).entries.map((entry) => entry.api_key))
  expect(labels.size).toBe(50)
  expect(page.url()).not.toContain(TOKEN)
}, 60_000)

it('gives every request, task and world view an address that opens it again, never with the token', async () => {
  // A request: the fault's 500, opened from its number.
  await page.goto(`${running.url}/__inspector/?poll=200#requests?status=5xx`)
  await page.waitForSelector('tr.entry td.cause:text("fault #0")')
  const seq = await page.getAttribute('tr.entry', 'data-seq')
  await page.click(`tr.entry[data-seq="${seq}"] a.seq`)
  await page.waitForURL((url) => url.hash === `#requests/${seq}`)
  const linked = await opened(page.url())
  await linked.waitForSelector('[data-message="response"] pre.body')
  expect(await linked.textContent('[data-message="response"] pre.body')).toBe('{"code":500,"message":"upstream exploded"}')
  expect(await linked.$$('tr.entry')).toHaveLength(1)
  await linked.close()

  // A task: clicked in the list, its address opens it in another tab.
  const task = running.tasks.list({ apiKey: 'key-07', limit: 1 })[0]!
  await page.goto(`${running.url}/__inspector/?poll=200#tasks?key=${encodeURIComponent('ke…07')}`)
  await page.click(`.task-row[data-task-id="${task.task_id}"]`)
  await page.waitForURL((url) => url.hash.startsWith(`#tasks/${task.task_id}`))
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#tasks/${task.task_id}?key=ke…07`)
  const taskTab = await opened(page.url())
  await taskTab.waitForSelector(`.detail[data-task="${task.task_id}"]`)
  expect(await taskTab.$$eval('.task-row', (rows) => rows.length)).toBe(40)
  await taskTab.close()

  // A world: ?world= stays in the address with the view.
  await fetch(`${running.url}/worlds/qa-w/__admin/health`, { headers: { authorization: `Bearer ${TOKEN}` } })
  const worldTab = await opened(`${running.url}/__inspector/?world=qa-w&poll=200#report`)
  await worldTab.waitForSelector('.report p')
  expect(await worldTab.locator('[data-world]').inputValue()).toBe('qa-w')
  await worldTab.close()

  // The shared link: what the page copies is its address, without the token.
  await page.click('[data-action="copy-link"]')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(page.url())
  expect(link).not.toContain(TOKEN)
}, 60_000)

it('copies a request as curl that runs (key masked unless asked in clear) and as fetch', async () => {
  // A page of its own (poll=201: not the same document), so nothing of the tests before shows.
  await page.goto(`${running.url}/__inspector/?poll=201#requests?endpoint=create&key=${encodeURIComponent('ke…03')}`)
  await page.click('tr.entry >> nth=0')
  await page.click('[data-copy="curl"]')
  const masked = await page.inputValue('textarea.copy-out')
  expect(masked).toMatch(
    new RegExp(`^curl -X POST '${running.url}/api/v1/task' -H 'x-api-key: ke…03' -H 'content-type: application/json' --data-binary '\\{"model"`),
  )
  expect(masked).not.toContain('key-03')
  await shot('share-1-copy-curl')
  await page.check('input[aria-label="key in clear"]')
  await page.click('[data-copy="curl"]')
  const clear = await page.inputValue('textarea.copy-out')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clear)
  // Run by bash as QA would paste it (asynchronously: the fake answers from this process).
  const sent = JSON.parse((await promisify(execFile)('bash', ['-c', `${clear} --silent --max-time 10`])).stdout) as { code: number }
  expect(sent.code).toBe(202)
  await page.click('[data-copy="fetch"]')
  expect(await page.inputValue('textarea.copy-out')).toMatch(/^await fetch\("http:\/\/127\.0\.0\.1:\d+\/api\/v1\/task", \{\n {2}"method": "POST"/)
}, 60_000)

it('groups the report at 2,000 tasks by rule and key, each list capped with a count and a link to the rest', async () => {
  await page.goto(`${running.url}/__inspector/?poll=200#report/never_read_to_final`)
  await page.waitForSelector('section.group')
  expect(await page.$$('section.group')).toHaveLength(20)
  expect(await page.getAttribute('[data-more-keys]', 'data-more-keys')).toBe('30')
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height).toBeLessThan(20_000)
  await shot('share-2-report')
  await page.click('section.group >> nth=0 >> [data-more-violations] a')
  await page.waitForURL((url) => decodeURIComponent(url.hash) === '#report/never_read_to_final?key=ke…01')
  await page.waitForSelector('section.group .pager')
  expect(await page.textContent('section.group .pager .count')).toBe('1–25 of 40')
  await page.click('section.group [data-group-requests]')
  await page.waitForURL((url) => url.hash.startsWith('#requests?rule=never_read_to_final'))
  await page.waitForFunction(() => document.querySelector('.requests .pager .count')?.textContent === '1–40 of 40')
}, 60_000)

it('exports HAR, downloads a run that opens here and diffs with the world request by request', async () => {
  await page.goto(`${running.url}/__inspector/?poll=200#runs`)
  const [har] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="har"]')])
  const harText = readFileSync((await har.path())!, 'utf8')
  const log = (JSON.parse(harText) as { log: { version: string; entries: unknown[] } }).log
  expect(log.version).toBe('1.2')
  expect(log.entries).toHaveLength(running.health().journal.size)
  expect(harText).not.toContain('key-0')
  const [run] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="run"]')])
  const runPath = (await run.path())!
  await page.setInputFiles('input[aria-label="run A"]', runPath)
  await page.waitForSelector('[data-diff-counts]')
  expect(JSON.parse((await page.getAttribute('[data-diff-counts]', 'data-diff-counts'))!)).toMatchObject({ changed: 0, only_a: 0, only_b: 0 })
  // Two more requests in the world: the diff shows them as what run B (this world now) has more.
  create('key-05', 'one more')
  create('key-02', 'and another')
  await page.click('[data-action="compare"]')
  await page.waitForSelector('tr[data-diff="only_b"]')
  expect(await page.$$('tr[data-diff="only_b"]')).toHaveLength(2)
  await shot('share-3-runs-diff')
  if (process.env['UPDATE_INSPECTOR_SCREENSHOT'] === '1') {
    for (const name of ['share-1-copy-curl', 'share-2-report', 'share-3-runs-diff']) await copyFile(join(SHOTS, `${name}.png`), `docs/inspector-${name}.png`)
  }
  console.log(`inspector screenshots: ${SHOTS}`)
}, 60_000)
