/**
 * Memory per stored finished task: `node --expose-gc memory.js COUNT`. Creates COUNT tasks
 * through the api layer and the dispatch's finishing step (what every door calls; the journal
 * kept) with the bench's 400-byte body,
 * each made unique, reads each to success, and divides the heap growth (after full GCs) by
 * COUNT. Prints one JSON line.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import * as api from '../../src/api/public-api.js'
import { sendAnswered } from '../../src/dispatch/finish.js'
import { createMock } from '../../src/mock/create-mock.js'
import { BENCH_SCENARIO } from '../lib/paths.js'
import { createBody, KEY } from '../lib/requests.js'

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('run with node --expose-gc')

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc!()
  return process.memoryUsage().heapUsed
}

const count = Number(process.argv[2] ?? '100000')
const fake = createMock({ scenario: readFileSync(BENCH_SCENARIO, 'utf8') })
const origin = 'http://127.0.0.1:4010'
/** An endpoint's answer, sent and journaled as the dispatch would. */
const served = (answered: api.Answered): api.Outcome => (sendAnswered(answered), answered.outcome)
const createTask = (...args: Parameters<typeof api.createTask>) => served(api.createTask(...args))
const getTask = (...args: Parameters<typeof api.getTask>) => served(api.getTask(...args))

/** One complete life: create, then four reads (pending, running, running, success). */
function life(tag: string): void {
  const created = createTask(fake.world, { apiKey: KEY, origin, contentType: 'application/json', body: createBody(400, tag) })
  if (created.response?.status !== 202) throw new Error(`create answered ${created.response?.status}: ${created.response?.body}`)
  const id = (JSON.parse(created.response.body) as { data: { task_id: string } }).data.task_id
  for (let read = 0; read < 4; read++) getTask(fake.world, { apiKey: KEY, origin }, id)
}

// Lives before measuring, so lazily built structures (schemas, generators) are not counted.
for (let i = 0; i < 100; i++) life(`warm ${i}`)
const before = heapAfterGc()
const start = performance.now()
for (let i = 0; i < count; i++) life(`#${i}`)
const ms = performance.now() - start
const after = heapAfterGc()
const last = [...fake.world.tasks.values()].at(-1)!
if (last.position.status !== 'success') throw new Error(`task ended ${last.position.status}, expected success`)
process.stdout.write(
  `${JSON.stringify({ tasks: count, bytesPerTask: (after - before) / count, heapMb: after / 2 ** 20, rssMb: process.memoryUsage().rss / 2 ** 20, ms })}\n`,
)
