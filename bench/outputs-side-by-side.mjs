/**
 * Generated outputs and a create that succeeds at once, two builds side by side in one process,
 * in alternating rounds (decision 039 compared the build before it with its own):
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci)   # or any other built copy
 *   npm run build && node bench/outputs-side-by-side.mjs /tmp/before/dist dist
 *
 * Prints CPU µs per call (median of the rounds, and their range). N and ROUNDS set the sizes.
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const [before, after] = process.argv.slice(2)
if (before === undefined || after === undefined) throw new Error('usage: node bench/outputs-side-by-side.mjs BEFORE_DIST AFTER_DIST')
const N = Number(process.env.N ?? 20_000)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const SCENARIO = `version: 1
name: outputs-bench
seed: 42
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
service: { max_tasks: 10000000 }
accounts: [{ api_key: k, credits: 1000000000 }]
timelines: { default: [{ status: success }] }
`
const MUSIC = { type: 'music', model: 'music-model', mode: 'custom', mv: 'voice-v4', input: { prompt: 'p', tags: 't' } }
const TYPES = ['music', 'lyrics', 'upload', 'concat']

async function load(dist) {
  const from = (path) => import(pathToFileURL(resolve(dist, path)).href)
  const [{ generateOutput }, { World }, { ManualClock }, { parseScenario }] = await Promise.all(
    ['domain/outputs.js', 'domain/world.js', 'domain/clock.js', 'scenario/index.js'].map(from),
  )
  const parsed = parseScenario(SCENARIO, 'outputs-bench.yaml')
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return { generateOutput, newWorld: () => new World(parsed.scenario, new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'))) }
}

const builds = { before: await load(before), after: await load(after) }
const perCall = (run) => {
  const start = process.cpuUsage()
  run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / N
}
const seen = new Map()
const note = (key, value) => seen.set(key, [...(seen.get(key) ?? []), value])

for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    const { generateOutput, newWorld } = builds[name]
    for (const type of TYPES) {
      note(
        `${type}|${name}`,
        perCall(() => {
          for (let i = 0; i < N; i++) generateOutput({ seed: ((round * N + i) * 2654435761) >>> 0, type, mode: null, input: {} })
        }),
      )
    }
    const world = newWorld()
    const account = world.account('k')
    note(
      `create + read (at once)|${name}`,
      perCall(() => {
        for (let i = 0; i < N; i++) {
          const created = world.create(account, MUSIC)
          if (!created.ok) throw new Error(JSON.stringify(created.error))
          world.read(account, created.task.id)
        }
      }),
    )
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const show = (values) => `${median(values).toFixed(1)} µs (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`
for (const what of [...TYPES, 'create + read (at once)']) {
  console.log(`${what.padEnd(24)} before ${show(seen.get(`${what}|before`)).padEnd(22)} after ${show(seen.get(`${what}|after`))}`)
}
console.log(
  `node ${process.version}, ${N} calls per measure, ${ROUNDS} alternating rounds, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
)
