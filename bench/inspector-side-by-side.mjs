// The inspector at 2,000 tasks (issue 39), two checkouts side by side in one run: each serves the
// same world (50 keys, 2,000 tasks, every 10th read twice at once, a fault's 500) from its own
// dist/, and headless Chromium (Debian's /usr/bin/chromium) opens each view of each in turn, A B
// then B A, in a fresh page: the time from navigation to the first frame that shows the view's
// content (performance.now() at the first animation frame where its selector matches). Prints
// each round, then per view the median of A and B and B/A. A ROOT is a checkout built with
// `npm run build`.
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
}

async function side(root) {
  const { startServer } = await import(`${root}/dist/index.js`)
  const { createTask, getTask } = await import(`${root}/dist/api/public-api.js`)
  const running = await startServer({ scenario: SCENARIO })
  const world = running.mock.world
  for (let index = 0; index < 2_000; index++) {
    const apiKey = KEYS[index % 50]
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: `song ${index}` } })
    const created = createTask(world, { apiKey, origin: running.url, contentType: 'application/json', body }).response
    if (created.status === 202 && index % 10 === 0) {
      const id = JSON.parse(created.body).data.task_id
      for (let read = 0; read < 2; read++) getTask(world, { apiKey, origin: running.url }, id)
    }
  }
  return { name: root.split('/').filter(Boolean).pop(), running, times: Object.fromEntries(Object.keys(VIEWS).map((view) => [view, []])) }
}

/* global document */
async function firstPaint(context, url, selector) {
  const page = await context.newPage()
  try {
    await page.goto(url, { waitUntil: 'commit' })
    return await (
      await page.waitForFunction((wanted) => document.querySelector(wanted) !== null && performance.now(), selector, { polling: 'raf', timeout: 30_000 })
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
// Warm: each page once, its files cached as a returning QA's are.
for (const s of sides) await firstPaint(context, `${s.running.url}/__inspector/?poll=60000#tasks`, VIEWS.tasks)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (let round = 0; round < Number(rounds); round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse()
  const line = []
  for (const [view, selector] of Object.entries(VIEWS)) {
    for (const s of order) s.times[view].push(await firstPaint(context, `${s.running.url}/__inspector/?poll=60000#${view}`, selector))
    line.push(`${view} ${sides.map((s) => Math.round(s.times[view].at(-1))).join('/')}`)
  }
  console.log(`round ${round + 1}: ${line.join(', ')} ms (${sides.map((s) => s.name).join('/')})`)
}
console.log(`\n| view | ${sides[0].name} median ms | ${sides[1].name} median ms | ${sides[1].name}/${sides[0].name} |\n|---|---|---|---|`)
for (const view of Object.keys(VIEWS)) {
  const [a, b] = sides.map((s) => median(s.times[view]))
  console.log(`| ${view} | ${Math.round(a)} | ${Math.round(b)} | ${(b / a).toFixed(2)} |`)
}
await browser.close()
for (const s of sides) await s.running.close()
