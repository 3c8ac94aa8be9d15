/**
 * A whole QA session in the inspector, in headless Chromium: a scenario with an upstream
 * failure, a task that times out and a fault. The page sees tasks move while a client polls,
 * the fault's 500 in the journal, a task forced to fail from the page and its refund in the
 * credits chart, the client report's violations with their requests, and a broken scenario's
 * mistake at its line, with the CLI's own message. Screenshots go to a temp dir (and to
 * docs/inspector.png with UPDATE_INSPECTOR_SCREENSHOT=1).
 *
 * @module-tag chromium
 */
import { mkdtempSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { formatScenarioError, parseScenario } from '../../src/scenario/load.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { launchChromium, serveSite } from '../support/browser.js'
import { blockOf } from '../support/doc-blocks.js'

const SCENARIO = `version: 1
name: qa-session
seed: 7
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
service:
  timeout_after: 10m
accounts:
  - { api_key: qa-key, credits: 100 }
timelines:
  default:
    - { status: pending, polls: 1 }
    - { status: running, polls: 2 }
    - { status: success }
  upstream-failure:
    - { status: pending, polls: 1 }
    - { status: running, for: 30s }
    - { status: failure, error: upstream rejected the prompt }
  stuck:
    - { status: pending, polls: 1 }
    - { status: running, for: 1h }
    - { status: success }
rules:
  - match: { input: { gpt_description_prompt: { contains: fail } } }
    timeline: upstream-failure
  - match: { input: { gpt_description_prompt: { contains: stuck } } }
    timeline: stuck
faults:
  - match: { endpoint: get_task, nth: 3 }
    respond: { status: 500, message: upstream hiccup }
`
/** Line 8 says "pendin": the mistake the page must show at 8:17, where the value starts. */
const BROKEN = `version: 1
name: broken
seed: 1
accounts:
  - { api_key: qa-key, credits: 10 }
timelines:
  default:
    - { status: pendin, polls: 1 }
    - { status: success }
`

const SHOTS = mkdtempSync(join(tmpdir(), 'inspector-shots-'))
let browser: Browser
let running: RunningServer
let page: Page

beforeAll(async () => {
  ;[browser, running] = await Promise.all([launchChromium(), startServer({ scenario: SCENARIO })])
  page = await browser.newPage({ viewport: { width: 1400, height: 860 } })
  page.on('dialog', (dialog) => void dialog.accept())
  // A selector that never appears fails its step with its name, well before the test's timeout.
  page.setDefaultTimeout(10_000)
})

afterAll(async () => {
  await browser?.close()
  await running?.close()
})

const key = { 'x-api-key': 'qa-key', 'content-type': 'application/json' }

async function create(prompt: string): Promise<string> {
  const response = await fetch(`${running.url}/api/v1/task`, {
    method: 'POST',
    headers: key,
    body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } }),
  })
  expect(response.status).toBe(202)
  return ((await response.json()) as { data: { task_id: string } }).data.task_id
}

/** One client poll: the HTTP status and the task status it showed. */
async function poll(id: string): Promise<{ status: number; task: string | null }> {
  const response = await fetch(`${running.url}/api/v1/task/${id}`, { headers: key })
  const body = (await response.json()) as { data?: { status: string } }
  return { status: response.status, task: body.data?.status ?? null }
}

const row = (id: string, status?: string) => `.task-row[data-task-id="${id}"]${status === undefined ? '' : `[data-status="${status}"]`}`
/** A screenshot with the pointer parked in a corner (no hover state in the picture). */
async function shot(name: string): Promise<void> {
  await page.mouse.move(1, 850)
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

it('drives a QA session: live timelines, a fault, a forced failure refunded in the chart, the report, a broken scenario', async () => {
  await page.goto(`${running.url}/__inspector?poll=150`)
  await page.waitForSelector('[data-scenario="qa-session"]')

  // A client creates three tasks; the page shows them without a reload.
  const calm = await create('calm piano')
  const failing = await create('this one will fail')
  const stuck = await create('stuck in the queue')
  for (const id of [calm, failing, stuck]) await page.waitForSelector(row(id, 'pending'))

  // The client polls `calm` to its end; each status it sees, the page shows (the 3rd read of the
  // run is the scenario's 500 fault: the task does not move, and the page says so).
  const seen: Array<{ status: number; task: string | null }> = []
  for (let read = 0; read < 6 && seen.at(-1)?.task !== 'success'; read++) {
    const answer = await poll(calm)
    seen.push(answer)
    if (answer.task !== null) await page.waitForSelector(row(calm, answer.task))
  }
  expect(seen.map((answer) => answer.status)).toContain(500)
  expect(seen.at(-1)).toEqual({ status: 200, task: 'success' })
  expect(new Set(seen.map((answer) => answer.task))).toEqual(new Set(['pending', 'running', 'success', null]))
  await page.click(row(calm))
  await page.waitForSelector(`.detail[data-task="${calm}"] .timeline .segment.end.s-success`)
  await page.click('[data-action="show-cover"] >> nth=0')
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.clip img')].some((img) => img.complete && img.naturalWidth > 0))
  const clipSeconds = await page.$eval('.clip audio', (audio: HTMLAudioElement) => {
    audio.preload = 'metadata'
    audio.load()
    return new Promise<number>((resolve, reject) => {
      audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true })
      audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), { once: true })
    })
  })
  expect(clipSeconds).toBeGreaterThan(0)

  // `failing` and `stuck` leave pending after a read (the next read shows running); then only clock time moves them.
  for (const id of [failing, stuck]) {
    for (let read = 0; read < 3 && (await poll(id)).task !== 'running'; read++);
  }
  await page.waitForSelector(row(failing, 'running'))
  await page.waitForSelector(row(stuck, 'running'))
  await page.click(row(stuck))
  await page.waitForSelector(`.detail[data-task="${stuck}"] .next`)
  expect(await page.textContent(`${row(stuck)} .next`)).toMatch(/→ timeout at 00:10:00\.000 \(in 10m\)/)
  await shot('1-tasks-live')

  // QA forces a fourth task to fail; its credits come back: the chart shows the refund.
  const forced = await create('to be forced')
  await page.waitForSelector(row(forced, 'pending'))
  await page.click(row(forced))
  await page.waitForSelector(`.detail[data-task="${forced}"] [data-force="failure"]`)
  await page.fill('.detail input[aria-label="failure message"]', 'forced by QA: upstream 503')
  await page.click('.detail [data-force="failure"]')
  await page.waitForSelector(row(forced, 'failure'))
  await page.waitForSelector(`.detail[data-task="${forced}"] .error-text`)
  expect(await page.textContent('.detail .error-text')).toBe('error: forced by QA: upstream 503')

  // The clock: +10m moves `failing` through its timeline to failure and `stuck` to its deadline.
  await page.click('[data-advance="10m"]')
  await page.waitForSelector(row(stuck, 'timeout'))
  await page.waitForSelector(row(failing, 'failure'))
  expect(await page.textContent(`${row(stuck)} .segment.actual`)).toBe('timeout · deadline')
  expect(await page.textContent('[data-clock]')).toMatch(/^2026-01-01 00:10:00\.000 \(manual\)/)
  await page.waitForSelector(`.detail[data-task="${forced}"] .segment.actual.s-failure`)
  await shot('2-tasks-ended')

  await page.click('nav a[href="#credits"]')
  await page.waitForSelector('.chart .mark.refund')
  const refunds = await page.$$eval('tr.ev-refund', (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
  // Three refunds: the forced failure, the upstream failure, the timeout; each gives back 10.
  expect(refunds.map((cells) => [cells[2], cells[3]])).toEqual([
    ['refund', '+10'],
    ['refund', '+10'],
    ['refund', '+10'],
  ])
  expect(await page.$$eval('.chart .refund-label', (labels) => labels.map((label) => label.textContent))).toEqual(['refund +10', 'refund +10', 'refund +10'])
  const account = running.accounts.get('qa-key')
  expect(await page.textContent('.chart-head h3')).toBe(`qa-key: ${account.available} available · ${account.frozen} frozen · ${account.spent} spent`)
  expect(account).toMatchObject({ available: 90, frozen: 0, spent: 10 })
  await shot('3-credits-refund')

  // Top up the account, open another one.
  await page.fill('input[aria-label="top-up credits"]', '25')
  await page.click('[data-action="top-up"]')
  await page.waitForSelector('.chart-head h3:text("qa-key: 115 available · 0 frozen · 10 spent")')
  expect(await page.locator('.chart .mark.top_up').count()).toBe(2)
  await page.fill('input[aria-label="new account key"]', 'qa-key-2')
  await page.fill('input[aria-label="opening credits"]', '40')
  await page.click('[data-action="add-account"]')
  await page.waitForSelector('.account[data-key="qa-key-2"]')
  expect(running.accounts.get('qa-key-2')).toMatchObject({ available: 40, topped_up: 40 })

  // The journal follows the requests; the fault's 500 opens to its request and answer.
  await page.click('nav a[href="#requests"]')
  await page.waitForSelector('tr.entry td.status')
  const fault = page.locator('tr.entry', { has: page.locator('td.status', { hasText: '500' }) })
  await fault.click()
  await page.waitForSelector('tr.opened .exchange')
  expect(await page.textContent('tr.opened .exchange')).toContain(`GET /api/v1/task/${calm}`)
  await shot('4-requests')

  // The report: the client polled too fast; its violation lists the requests that did it.
  await page.click('nav a[href="#report"]')
  await page.click('[data-rule-count="poll_too_fast"]')
  await page.waitForSelector('.violation[data-rule="poll_too_fast"] tr.entry')
  const report = running.report()
  const tooFast = report.violations.find((violation) => violation.rule === 'poll_too_fast')!
  expect(await page.$$eval('.violation[data-rule="poll_too_fast"] tr.entry', (rows) => rows.map((tr) => Number(tr.getAttribute('data-seq'))))).toEqual(
    running
      .report()
      .violations.filter((violation) => violation.rule === 'poll_too_fast')
      .flatMap((violation) => violation.requests.slice(0, 3)), // the page shows 3 requests a violation, then a link to the rest
  )
  expect(tooFast.requests.length).toBeGreaterThan(0)
  await shot('5-report')

  // Set the clock, then reset: the scenario starts over (no task, the clock at its start).
  await page.fill('input[aria-label="set clock to"]', '2026-01-01T01:00:00.000Z')
  await page.click('[data-action="set-clock"]')
  await page.waitForSelector('[data-clock]:text("2026-01-01 01:00:00.000 (manual)")')
  await page.click('[data-action="reset"]')
  await page.waitForSelector('[data-clock]:text("2026-01-01 00:00:00.000 (manual)")')
  expect(running.health()).toMatchObject({ scenario: 'qa-session', tasks: 0, accounts: 1 })

  // A broken scenario: the mistake shows at its line and column, with the CLI's message.
  await page.click('nav a[href="#scenario"]')
  await page.fill('textarea[aria-label="scenario YAML"]', BROKEN)
  await page.click('[data-action="load-scenario"]')
  await page.waitForSelector('.mistakes li')
  const parsed = parseScenario(BROKEN, '<request body>')
  expect(parsed.ok).toBe(false)
  const expected = parsed.ok ? [] : parsed.errors.map(formatScenarioError)
  expect(await page.$$eval('.mistakes li code', (codes) => codes.map((code) => code.textContent))).toEqual(expected)
  expect(expected[0]).toMatch(/^<request body>:8:17: timelines.default.0.status: unknown status "pendin"/)
  expect(await page.getAttribute('.mistakes li', 'data-line')).toBe('8')
  expect(await page.$$eval('.gutter .marked', (lines) => lines.map((line) => line.getAttribute('data-line')))).toEqual(['8'])
  await page.click('.mistakes .at')
  expect(
    await page.$eval('textarea[aria-label="scenario YAML"]', (area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionStart + 6)),
  ).toBe('pendin')
  await shot('6-scenario-error')
  // Nothing was loaded: the fake still runs the session's scenario.
  expect(running.health().scenario).toBe('qa-session')

  // Fixed, it loads, and the page starts over with it.
  await page.fill('textarea[aria-label="scenario YAML"]', BROKEN.replace('pendin', 'pending'))
  await page.click('[data-action="load-scenario"]')
  await page.waitForSelector('[data-scenario="broken"]')
  expect(running.health()).toMatchObject({ scenario: 'broken', tasks: 0 })

  if (process.env['UPDATE_INSPECTOR_SCREENSHOT'] === '1') {
    await copyFile(join(SHOTS, '2-tasks-ended.png'), 'docs/inspector.png')
    await copyFile(join(SHOTS, '3-credits-refund.png'), 'docs/inspector-credits.png')
  }
  console.log(`inspector screenshots: ${SHOTS}`)
  // About 6 s on an idle machine; the budget is for a shared, loaded one.
}, 90_000)

it('stays usable with thousands of tasks and requests: the page draws one page of each', async () => {
  const many = await startServer({
    scenario: `version: 1\nname: many\nseed: 5\naccounts:\n  - { api_key: bulk-key, credits: 100000 }\n  - { api_key: other-key, credits: 100 }\n`,
  })
  // A second tab of the session's context (its viewport): another fake on another origin, nothing shared.
  const tab = await page.context().newPage()
  tab.setDefaultTimeout(15_000)
  try {
    const TASKS = 2_000
    // Created through the api layer in-process (the door's own path, journal included): the
    // test is about the page, not about 2000 HTTP round trips.
    const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
    for (let i = 0; i < TASKS; i++) {
      const outcome = createTask(many.mock.world, { apiKey: 'bulk-key', origin: many.url, contentType: 'application/json', body })
      expect(outcome.response?.status).toBe(202)
    }
    expect(many.health()).toMatchObject({ tasks: TASKS, journal: { recorded: TASKS } })

    const started = Date.now()
    await tab.goto(`${many.url}/__inspector?poll=300`)
    await tab.waitForSelector('.pager .count:text("1–50 of 2000")')
    const firstPaint = Date.now() - started
    expect(await tab.locator('.task-row').count()).toBe(50)
    await tab.click('[aria-label="next page"]')
    await tab.waitForSelector('.pager .count:text("51–100 of 2000")')
    await tab.selectOption('select[aria-label="type"]', 'music')
    await tab.waitForSelector('.pager .count:text("0 tasks")')

    await tab.click('nav a[href="#requests"]')
    await tab.waitForSelector('.pager .count:text("1–100 of 2000")')
    expect(await tab.locator('tr.entry').count()).toBe(100)
    await tab.click('[aria-label="older requests"]')
    await tab.waitForSelector('.pager .count:text("101–200 of 2000")')
    expect(await tab.getAttribute('tr.entry >> nth=0', 'data-seq')).toBe('1900')

    await tab.click('nav a[href="#credits"]')
    // A top-up and a freeze per task (none has ended): the chart shows the newest 120 events.
    await tab.waitForSelector(`.chart-head .count:text("events ${TASKS + 1 - 119}–${TASKS + 1} of ${TASKS + 1}")`)
    expect(await tab.locator('.chart .mark').count()).toBe(120)
    await tab.click('[aria-label="older events"]')
    await tab.waitForSelector(`.chart-head .count:text("events ${TASKS + 1 - 239}–${TASKS + 1 - 120} of ${TASKS + 1}")`)
    console.log(
      `inspector with ${TASKS} tasks: first page drawn ${firstPaint} ms after navigation (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
    )
  } finally {
    await tab.close()
    await many.close()
  }
}, 90_000)

it('with an admin token (on 0.0.0.0, reached through 127.0.0.1): the page takes it from its fragment, sends it as a header, and no other port sees it (issue 27)', async () => {
  const guarded = await startServer({ scenario: SCENARIO, host: '0.0.0.0', adminToken: 'qa-secret' })
  const origin = `http://127.0.0.1:${new URL(guarded.url).port}`
  // A page on another port of the same host, under the cookie's old path: what the issue's attacker served.
  const neighbour = await serveSite({
    '/__inspector/': { type: 'text/html; charset=utf-8', body: '<!doctype html><title>neighbour</title><body></body>' },
  })
  const context = await browser.newContext()
  const tab = await context.newPage()
  tab.setDefaultTimeout(10_000)
  try {
    // Without the token the page loads (it holds no data) and says how to give it the token.
    expect((await tab.goto(`${origin}/__inspector/`))?.status()).toBe(200)
    await tab.waitForSelector('.error-item:has-text("#token=YOUR_ADMIN_TOKEN")')
    await tab.goto('about:blank')
    // The address docs/inspector.md gives, with its placeholders filled in: this server's host and port, its token.
    const address = blockOf('docs/inspector.md', 'text', 'YOUR_ADMIN_TOKEN')
      .text.replace('HOST:4010', new URL(origin).host)
      .replace('YOUR_ADMIN_TOKEN', 'qa-secret')
    const opened = await tab.goto(address)
    expect(opened?.status()).toBe(200)
    await tab.waitForSelector('[data-scenario="qa-session"]')
    expect(tab.url()).toBe(`${origin}/__inspector/#tasks`) // the token left the address bar
    await tab.click('[data-advance="1m"]')
    await tab.waitForSelector('[data-clock]:text("2026-01-01 00:01:00.000 (manual)")')
    expect(guarded.clock.now().toISOString()).toBe('2026-01-01T00:01:00.000Z')
    // No cookie holds the token, so the neighbour cannot read it nor send it along.
    expect(JSON.stringify(await context.cookies())).not.toContain('qa-secret')
    const other = await context.newPage()
    await other.goto(`${neighbour.url}/__inspector/`)
    expect(await other.evaluate(() => document.cookie)).not.toContain('qa-secret')
    const reset = await other.evaluate(async (target) => {
      const response = await fetch(`${target}/__admin/reset`, { method: 'POST', credentials: 'include', mode: 'no-cors' }).catch(() => null)
      return response === null ? 'failed' : response.type
    }, origin)
    expect(['failed', 'opaque']).toContain(reset)
    expect(guarded.clock.now().toISOString()).toBe('2026-01-01T00:01:00.000Z') // no reset happened
    // An old ?token= link still works: the token moves into the fragment, no cookie is set.
    await tab.goto(`${origin}/__inspector?token=qa-secret`)
    await tab.waitForSelector('[data-scenario="qa-session"]')
    expect(JSON.stringify(await context.cookies())).not.toContain('qa-secret')
  } finally {
    await context.close()
    await guarded.close()
    await neighbour.close()
  }
}, 60_000)
