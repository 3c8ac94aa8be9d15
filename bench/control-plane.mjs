/**
 * What the control plane costs: the journal on the request path, the client report, media
 * generation, and memory per journal entry. Runs on the compiled library:
 *
 *   npm run build && node --expose-gc bench/control-plane.mjs
 *
 * Prints a table; figures vary with the machine, so compare runs made side by side.
 */
import { performance } from 'node:perf_hooks'
import { buildReport, createMock } from '../dist/index.js'
import * as api from '../dist/api/public-api.js'
import { sendAnswered } from '../dist/dispatch/finish.js'
import { Journal } from '../dist/domain/journal.js'
import { hash53 } from '../dist/domain/random.js'
import { pngBytes } from '../dist/media/png.js'
import { wavBytes } from '../dist/media/wav.js'

/** An endpoint's answer, sent and journaled as the dispatch's finishing step does. */
const served = (answered) => (sendAnswered(answered), answered.outcome)
const createTask = (...args) => served(api.createTask(...args))
const getTask = (...args) => served(api.getTask(...args))

const SCENARIO = 'version: 1\naccounts: [{ api_key: bench-key, credits: 100000000 }]\n'
const rows = []
const row = (name, value, unit) => rows.push({ name, value: Number(value.toPrecision(4)), unit })

/** Best of `rounds` timings of `n` calls, in ns per call. */
function perCall(n, fn, rounds = 5) {
  let best = Infinity
  for (let r = 0; r < rounds; r++) {
    const start = performance.now()
    for (let i = 0; i < n; i++) fn(i)
    best = Math.min(best, ((performance.now() - start) * 1e6) / n)
  }
  return best
}

// 1. journal.record alone
const journal = new Journal({ now: () => 0, wall: Date.now })
const entry = {
  method: 'GET',
  path: '/api/v1/task/x',
  endpoint: 'get_task',
  apiKey: 'bench-key',
  taskId: 'x',
  taskType: 'music',
  status: 200,
  taskStatus: 'success',
  retryAfterMs: null,
  delayMs: 0,
  fingerprint: null,
  credits: null,
}
row(
  'journal.record',
  perCall(1_000_000, () => journal.record(entry)),
  'ns/op',
)

// 2. Get Task through the api layer, journaled vs with recording stubbed out
const mock = createMock({ scenario: SCENARIO })
const world = mock.world
const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'bench' } })
const created = JSON.parse(createTask(world, { apiKey: 'bench-key', origin: 'http://x', contentType: 'application/json', body }).response.body)
const id = created.data.task_id
for (let i = 0; i < 4; i++) getTask(world, { apiKey: 'bench-key', origin: 'http://x' }, id)
const read = () => getTask(world, { apiKey: 'bench-key', origin: 'http://x' }, id)
const journaledRead = perCall(200_000, read)
const record = world.journal.record
world.journal.record = () => undefined
const bareRead = perCall(200_000, read)
world.journal.record = record
row('getTask (api layer), journaled', journaledRead, 'ns/op')
row('getTask (api layer), recording stubbed', bareRead, 'ns/op')
row('journal share of getTask', ((journaledRead - bareRead) / journaledRead) * 100, '%')

// 3. Create Task: the journal's extra work is JSON.parse of the 202 body and a hash of the request body
const make = () => createTask(world, { apiKey: 'bench-key', origin: 'http://x', contentType: 'application/json', body })
row('createTask (api layer), journaled', perCall(50_000, make, 3), 'ns/op')
const answer = JSON.stringify(created)
row(
  '  of which parse 202 body + hash request body',
  perCall(200_000, () => (JSON.parse(answer), hash53(body))),
  'ns/op',
)

// 4. The client report over a full journal: 1,000 tasks × (1 create + 9 reads)
const full = new Journal({ now: () => 0 })
for (let t = 0; t < 1000; t++) {
  full.record({
    ...entry,
    endpoint: 'create',
    method: 'POST',
    taskId: `t${t}`,
    status: 202,
    taskStatus: null,
    fingerprint: t,
    credits: { available: 1, toppedUp: 1 },
  })
  for (let r = 0; r < 9; r++) full.record({ ...entry, taskId: `t${t}`, taskStatus: r === 8 ? 'success' : 'running' })
}
const source = { entries: full.entries(), recorded: full.recorded, dropped: full.dropped, capacity: full.capacity }
row('buildReport, 10,000 entries', perCall(1, () => buildReport(source), 5) / 1e6, 'ms')

// 5. Memory per journal entry (needs --expose-gc)
if (globalThis.gc) {
  globalThis.gc()
  const before = process.memoryUsage().heapUsed
  const big = new Journal({ capacity: 100_000, now: () => 0 })
  for (let i = 0; i < 100_000; i++) big.record({ ...entry, taskId: `task-${i}` })
  globalThis.gc()
  row('heap per journal entry (100,000 kept)', (process.memoryUsage().heapUsed - before) / 100_000, 'bytes')
  void big.size
}

// 6. Media generation (uncached)
row('wavBytes, 240 s clip (1.92 MB)', perCall(1, (i) => wavBytes({ seconds: 240, seed: 1000 + i }), 5) / 1e6, 'ms')
row('pngBytes, 256×256', perCall(1, (i) => pngBytes({ seed: 1000 + i }), 5) / 1e6, 'ms')

console.log(`node ${process.version}, ${process.platform} ${process.arch}`)
console.table(rows)
