// The server's CPU time per request, for checkouts side by side (issue 32): on a machine shared
// with other work, throughput swings with the load, while the CPU a server spends on a request
// moves much less. For each ROOT (a checkout with dist/ built) its CLI runs with the bench
// scenario, beside a bare node:http server answering the same bytes (this checkout's bench build:
// `npm run prebench` first). Get Task (finished) and Create (pending first), REQUESTS requests
// from autocannon (10 connections) per server per round, servers in turn, the order reversed every
// other round. CPU is the server process's user + system time from /proc (Linux only).
//
//   node bench/server-cpu-side-by-side.mjs ROUNDS REQUESTS ROOT...
//
// CASES=get or CASES=create measures that case alone. The servers run on the Node running this
// script: `.tools/node-24/bin/node bench/server-cpu-side-by-side.mjs …` measures Node 24.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('..', import.meta.url))
const autocannon = createRequire(`${here}package.json`)('autocannon')
const [rounds, requests, ...roots] = process.argv.slice(2)
if (roots.length === 0) throw new Error('usage: node bench/server-cpu-side-by-side.mjs ROUNDS REQUESTS ROOT...')
const TICK_US = 1e6 / 100 // USER_HZ
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * TICK_US
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]

function start(name, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const seen = (chunk) => {
      out += chunk
      const found = /listening on (http:\/\/[\d.:]+)/.exec(out)
      if (found) resolve({ name, child, url: found[1] })
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${out}`)))
  })
}

const { createBody } = await import(`${here}bench/.tmp/build/bench/lib/requests.js`)
const body = createBody()
const call = async (url, init) => {
  const response = await fetch(url, init)
  return { status: response.status, text: await response.text() }
}
const createInit = { method: 'POST', headers: { 'x-api-key': 'bench-key', 'content-type': 'application/json' }, body }

const fakes = []
for (const root of roots) {
  const fake = await start(root.split('/').pop(), [`${root}/dist/bin/audio-task-mock.js`, '--port', '0', '--scenario', `${here}bench/scenarios/bench.yaml`])
  fake.created = await call(`${fake.url}/api/v1/task`, createInit)
  const id = JSON.parse(fake.created.text).data.task_id
  for (let i = 0; i < 5; i++) fake.read = await call(`${fake.url}/api/v1/task/${id}`, { headers: { 'x-api-key': 'bench-key' } })
  if (!fake.read.text.includes('"success"')) throw new Error(`${fake.name}: the task did not finish`)
  fake.taskId = id
  fakes.push(fake)
}
const bare = `${here}bench/.tmp/build/bench/servers/bare.js`
const cases = [
  {
    name: 'Get Task (finished)',
    bare: await start('bare node:http', [bare], { BARE_STATUS: '200', BARE_BODY: fakes[0].read.text }),
    request: (server) => ({ url: `${server.url}/api/v1/task/${server.taskId ?? 'x'}`, headers: { 'x-api-key': 'bench-key' } }),
  },
  {
    name: 'Create (pending first)',
    bare: await start('bare node:http', [bare], { BARE_STATUS: '202', BARE_BODY: fakes[0].created.text }),
    request: (server) => ({ url: `${server.url}/api/v1/task`, ...createInit }),
  },
]

const only = process.env['CASES']
if (only !== undefined) {
  const keep = cases.filter((spec) => spec.name.toLowerCase().startsWith(only === 'get' ? 'get task' : only))
  for (const spec of cases) if (!keep.includes(spec)) spec.bare.child.kill('SIGTERM')
  cases.splice(0, cases.length, ...keep)
}

const measure = (server, options, amount) =>
  new Promise((resolve, reject) => {
    const before = cpuOf(server.child.pid)
    autocannon({ ...options, connections: 10, amount }, (error, result) =>
      error ? reject(error) : resolve({ cpu: (cpuOf(server.child.pid) - before) / result.requests.total, errors: result.errors + result.non2xx, load: load() }),
    )
  })
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1]

for (const spec of cases) {
  const servers = [spec.bare, ...fakes]
  for (const server of servers) await measure(server, spec.request(server), Math.ceil(Number(requests) / 4)) // warm-up
  const runs = new Map(servers.map((server) => [server, []]))
  for (let round = 0; round < Number(rounds); round++)
    for (const server of round % 2 === 0 ? servers : [...servers].reverse())
      runs.get(server).push(await measure(server, spec.request(server), Number(requests)))
  const bareCpu = median(runs.get(spec.bare).map((run) => run.cpu))
  console.log(`${spec.name}: server CPU µs per request, median of ${rounds} rounds (each round); bare CPU / this CPU`)
  for (const [server, list] of runs) {
    const cpu = median(list.map((run) => run.cpu))
    const ratio = server === spec.bare ? '' : `  ${(bareCpu / cpu).toFixed(2)}×`
    const errors = list.reduce((sum, run) => sum + run.errors, 0)
    console.log(
      `  ${server.name.padEnd(16)} ${cpu.toFixed(1).padStart(6)} (${list.map((run) => run.cpu.toFixed(0)).join(', ')})${ratio}  errors ${errors}  load ${list[0].load}–${list.at(-1).load}`,
    )
  }
}
for (const server of [...fakes, ...cases.map((spec) => spec.bare)]) server.child.kill('SIGTERM')
setTimeout(() => process.exit(0), 1000)
