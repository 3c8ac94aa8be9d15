// What the dispatch (and its finishing step: headers, journal) costs per Get Task of a finished
// task, in-process, for checkouts side by side: CPU ns per request (process.cpuUsage, median of
// rounds taken in turn, the order reversed every other round) and heap bytes allocated per request
// (the largest growth of the heap over the rounds: a round in which a collection ran grows less). No
// network and no door: what issue 38's finishing step adds or saves, apart from the door's own work.
// Each ROOT is a checkout with dist/ built.
//
//   node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 bench/dispatch-side-by-side.mjs ROOT...
import { readFileSync } from 'node:fs'

const roots = process.argv.slice(2)
if (roots.length === 0 || typeof globalThis.gc !== 'function') {
  throw new Error('usage: node --expose-gc --max-semi-space-size=256 --min-semi-space-size=256 bench/dispatch-side-by-side.mjs ROOT...')
}
const ROUNDS = 7
const CALLS = 200_000
const COUNTED = 5_000

const sides = []
for (const root of roots) {
  const { createMock } = await import(`${root}/dist/index.js`)
  const { createDispatch } = await import(`${root}/dist/dispatch/dispatch.js`)
  const mock = createMock({ scenario: readFileSync(`${root}/bench/scenarios/bench.yaml`, 'utf8') })
  const dispatch = createDispatch(mock, { ownsBase: true })
  const headers = new Map([
    ['x-api-key', 'bench-key'],
    ['content-type', 'application/json'],
  ])
  const reader = { get: (name) => headers.get(name) ?? null }
  const base = 'http://127.0.0.1:4010'
  const body = new TextEncoder().encode(JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'bench' } }))
  const created = await dispatch({ method: 'POST', path: '/api/v1/task', search: '', base, headers: reader, body: async () => body })
  // Before issue 38 the outcome held the answer in `response`; since, it is the answer.
  const id = JSON.parse((created.response ?? created).body).data.task_id
  const read = { method: 'GET', path: `/api/v1/task/${id}`, search: '', base, headers: reader, body: async () => '' }
  for (let i = 0; i < 50_000; i++) dispatch(read) // finished, and warm
  sides.push({ root, run: () => dispatch(read), ns: [], bytes: [] })
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]
for (let round = 0; round < ROUNDS; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const start = process.cpuUsage()
    for (let i = 0; i < CALLS; i++) side.run()
    const used = process.cpuUsage(start)
    side.ns.push(((used.user + used.system) * 1000) / CALLS)
    globalThis.gc()
    const before = process.memoryUsage().heapUsed
    for (let i = 0; i < COUNTED; i++) side.run()
    side.bytes.push((process.memoryUsage().heapUsed - before) / COUNTED)
  }
}
console.log(`Get Task (finished) through the dispatch, in-process: median of ${ROUNDS} rounds`)
for (const side of sides) {
  const bytes = Math.max(...side.bytes).toFixed(0)
  console.log(`  ${side.root}: ${median(side.ns).toFixed(0)} ns CPU, ${bytes} B allocated per request  (ns: ${side.ns.map((ns) => ns.toFixed(0)).join(', ')})`)
}
