// The bench's task lives through `mock.fetch` (bench/workers/in-process.ts: a create, then reads
// until success), two checkouts in one process (issue 32): chunks of LIVES lives alternate between
// them, A B then B A, so both meet the same load on a shared machine; each chunk's wall and CPU
// time per life, and per round B's time over A's. Both run warm (1,000 lives first) and each
// fake's journal is reset every 1,000 lives, so it never fills. A ROOT is a checkout whose bench
// is built (`npm run prebench`).
//
//   node bench/lives-side-by-side.mjs ROOT_A ROOT_B [ROUNDS=100] [LIVES=30]
import { readFileSync } from 'node:fs'

const [rootA, rootB, rounds = '100', lives = '30'] = process.argv.slice(2)
if (rootB === undefined) throw new Error('usage: node bench/lives-side-by-side.mjs ROOT_A ROOT_B [ROUNDS] [LIVES]')
const BASE = 'https://audio.bench.test'

async function side(root) {
  const { createMock } = await import(`${root}/bench/.tmp/build/src/mock/create-mock.js`)
  const { createBody, KEY } = await import(`${root}/bench/.tmp/build/bench/lib/requests.js`)
  const scenario = readFileSync(`${root}/bench/scenarios/bench.yaml`, 'utf8')
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
  return { name: root.split('/').filter(Boolean).pop(), fake: createMock({ scenario, baseUrl: BASE }), headers, body: createBody(), done: 0, wall: [], cpu: [] }
}

async function run(side, count) {
  const { fake, headers, body } = side
  for (let i = 0; i < count; i++) {
    const created = await (await fake.fetch(`${BASE}/api/v1/task`, { method: 'POST', headers, body })).json()
    for (;;) {
      const task = await (await fake.fetch(`${BASE}/api/v1/task/${created.data.task_id}`, { headers })).json()
      if (task.data.status === 'success') break
    }
  }
  side.done += count
  if (side.done >= 1000) {
    side.fake.reset()
    side.done = 0
  }
}

const sides = [await side(rootA), await side(rootB)]
for (const s of sides) await run(s, 1000)
for (let round = 0; round < Number(rounds); round++) {
  for (const s of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
    const cpu = process.cpuUsage()
    const start = performance.now()
    await run(s, Number(lives))
    const used = process.cpuUsage(cpu)
    s.wall.push(((performance.now() - start) * 1000) / Number(lives))
    s.cpu.push((used.user + used.system) / Number(lives))
  }
}
const at = (values, p) => [...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))]
const spread = (values) => `median ${at(values, 0.5).toFixed(2)} (quartiles ${at(values, 0.25).toFixed(2)}–${at(values, 0.75).toFixed(2)})`
for (const s of sides) console.log(`${s.name.padEnd(16)} per life: wall ${spread(s.wall)} µs, CPU ${spread(s.cpu)} µs`)
const [a, b] = sides
console.log(`${b.name} / ${a.name} per round: CPU ${spread(b.cpu.map((c, i) => c / a.cpu[i]))}, wall ${spread(b.wall.map((w, i) => w / a.wall[i]))}`)
console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
