/**
 * A read's latency while `--state` saves a big world, against the same reads with no save:
 * `node bench/.tmp/build/bench/state-save-latency.js [TASKS] [SECONDS]` (after `npm run prebench`).
 * The world gets TASKS finished tasks (default 300,000, each with a 400-byte input); then
 * autocannon reads one task for SECONDS with saves back to back, and again without.
 */
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { startServer } from '../src/server/start-server.js'
import { writeSnapshot } from '../src/state/snapshot-writer.js'
import { createBody } from './lib/requests.js'

const tasks = Number(process.argv[2] ?? 300_000)
const seconds = Number(process.argv[3] ?? 10)
const scenario = `version: 1\nservice: { max_tasks: ${tasks + 10} }\naccounts: [{ api_key: k, credits: ${tasks * 10} }]\ntimelines: { default: [{ status: success }] }\n`
const running = await startServer({ scenario, port: 0 })
const world = running.mock.world
const account = world.account('k')!
const input = (JSON.parse(createBody()) as { input: Record<string, unknown> }).input
for (let i = 0; i < tasks; i++) world.create(account, { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input })
const id = [...world.tasks.keys()][0]!
const path = join(mkdtempSync(join(tmpdir(), 'atm-save-latency-')), 'state.json')

async function load(): Promise<{ rps: number; p50: number; p99: number; max: number }> {
  const result = await autocannon({ url: `${running.url}/api/v1/task/${id}`, headers: { 'x-api-key': 'k' }, connections: 10, duration: seconds })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max }
}

let saving = true
let saves = 0
let saveMs = 0
const saver = (async () => {
  while (saving) {
    const started = performance.now()
    const write = writeSnapshot(path, world)
    world.observe({ beforeTaskChange: (task) => write.preserve(task) })
    await write.done
    saveMs = performance.now() - started
    saves += 1
  }
})()
const during = await load()
saving = false
await saver
const idle = await load()
const mb = statSync(path).size / 1024 / 1024
process.stdout.write(
  `${tasks} tasks, state file ${mb.toFixed(0)} MB, one save ${(saveMs / 1000).toFixed(1)} s (${saves} saves during the run)\n` +
    `reads during saves: ${during.rps.toFixed(0)} req/s, p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms\n` +
    `reads, no save:     ${idle.rps.toFixed(0)} req/s, p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms\n`,
)
await running.close()
