// The inspector at 2,000 tasks (issue 39), two checkouts side by side in one run: each serves the
// same world (50 keys, 2,000 tasks, every 10th read twice at once, a fault's 500) from its own
// dist/, and headless Chromium (Debian's /usr/bin/chromium) opens each view of each in turn, A B
// then B A, in a fresh page: the time from navigation to the first frame that shows the view's
// content (performance.now() at the first animation frame where its selector matches). Prints
// each round, then per view the median of A and B and B/A; a view one page does not have (the
// faults & rules view before issue 39's counters) is timed on the other alone. A ROOT is a
// checkout built with `npm run build`.
//
//   node bench/inspector-side-by-side.mjs ROOT_A ROOT_B [ROUNDS=5]
import { chromium } from 'playwright-core'

const [rootA, rootB, rounds = '5'] = process.argv.slice(2)
if (rootB === undefined) throw new Error('usage: node bench/inspector-side-by-side.mjs ROOT_A ROOT_B [ROUNDS]')

const KEYS = Array.from({ length: 50 }, (_, index) => `key-${String(index + 1).padStart(2, '0')}`)
const SCENARIO = `version: 1
name: inspector-bench
seed: 11
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
${KEYS.map((key) => `  - { api_key: ${key}, credits: 100000 }`).join('\n')}
faults:
  - match: { endpoint: create, api_key: key-02, nth: 2 }
    respond: { status: 500, message: upstream exploded }
`
/** What each view shows once drawn, in both versions of the page. */
const VIEWS = {
  tasks: '.task-row',
  credits: '.chart-head h3',
  requests: 'tr.entry',
  report: '[data-shown-rule]',
  scenario: '.scenario-result p',
  faults: 'tr.counter',
  // One request opened: the detail, its headers and bodies and its near misses (one admin call).
  request: 'tr.opened .why-not',
}
/** A view's address when it is not `#VIEW`. */
const ADDRESS = { request: '#requests/1900' }
const address = (view) => ADDRESS[view] ?? `#${view}`

async function side(root) {
  const { startServer } = await import(`${root}/dist/index.js`)
  const running = await startServer({ scenario: SCENARIO })
  // Over HTTP, as clients make it (the same for any version of the fake), one request at a time.
  const send = (apiKey, path, body) =>
    fetch(`${running.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body,
    }).then(async (response) => ({ status: response.status, body: await response.text() }))
  for (let index = 0; index < 2_000; index++) {
    const apiKey = KEYS[index % 50]
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: `song ${index}` } })
    const created = await send(apiKey, '/api/v1/task', body)
    if (created.status === 202 && index % 10 === 0) {
      const id = JSON.parse(created.body).data.task_id
      for (let read = 0; read < 2; read++) await send(apiKey, `/api/v1/task/${id}`)
    }
  }
  return { name: root.split('/').filter(Boolean).pop(), running, has: new Set(), times: Object.fromEntries(Object.keys(VIEWS).map((view) => [view, []])) }
}

/* global document */
async function firstPaint(context, url, selector, timeout = 30_000) {
  const page = await context.newPage()
  try {
    await page.goto(url, { waitUntil: 'commit' })
    return await (
      await page.waitForFunction((wanted) => document.querySelector(wanted) !== null && performance.now(), selector, { polling: 'raf', timeout })
    ).jsonValue()
  } finally {
    await page.close()
  }
}

const sides = [await side(rootA), await side(rootB)]
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  ],
})
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
// Warm: each view of each page once, its files cached as a returning QA's are; a view that never
// shows within 10 s is one that page does not have.
for (const s of sides)
  for (const [view, selector] of Object.entries(VIEWS))
    await firstPaint(context, `${s.running.url}/__inspector/?poll=60000${address(view)}`, selector, 10_000).then(
      () => s.has.add(view),
      () => console.log(`${s.name} has no ${view} view: timed on the other page alone`),
    )
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (let round = 0; round < Number(rounds); round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse()
  const line = []
  for (const [view, selector] of Object.entries(VIEWS)) {
    for (const s of order)
      if (s.has.has(view)) s.times[view].push(await firstPaint(context, `${s.running.url}/__inspector/?poll=60000${address(view)}`, selector))
    line.push(`${view} ${sides.map((s) => (s.has.has(view) ? Math.round(s.times[view].at(-1)) : '–')).join('/')}`)
  }
  console.log(`round ${round + 1}: ${line.join(', ')} ms (${sides.map((s) => s.name).join('/')})`)
}
console.log(`\n| view | ${sides[0].name} median ms | ${sides[1].name} median ms | ${sides[1].name}/${sides[0].name} |\n|---|---|---|---|`)
for (const view of Object.keys(VIEWS)) {
  const [a, b] = sides.map((s) => (s.has.has(view) ? Math.round(median(s.times[view])) : '–'))
  console.log(`| ${view} | ${a} | ${b} | ${typeof a === 'number' && typeof b === 'number' ? (b / a).toFixed(2) : '–'} |`)
}
await browser.close()
for (const s of sides) await s.running.close()
