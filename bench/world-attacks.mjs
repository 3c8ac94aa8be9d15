#!/usr/bin/env node
/**
 * The attacks of issue 40 on worlds, each against a fresh server built from dist/ (run
 * `npm run build` first), on 127.0.0.1 only, as a client would send them (node:http, keep-alive):
 *
 * - flood: 3,000 creates of 1 MB that the fake refuses (400), into 3 worlds, 8 at a time;
 * - cap:   1,000 requests refused 401 (no key), 300 admin requests refused 401/403 (with
 *          --admin-token), 300 cross-site `<img>` GETs, each to a world of its own; then how many
 *          worlds exist, and whether a world quiet for longer than 60 s is still there;
 * - bound: 1,000 worlds (each made by one accepted create), then 200 refused creates of 5 KB in
 *          each (200,000 requests; `--per-world N` for another number): the journals at the
 *          server's bound (200,000 entries), so more requests must not take more memory.
 *
 * For each: the server's peak resident memory (VmHWM), its memory at the end, and what it held.
 *
 *   node bench/world-attacks.mjs [flood|cap|bound ...] [--bin PATH] [--recent-wait] [--per-world N]
 *
 * `--bin` runs another build (an earlier commit's dist/bin/audio-task-mock.js) for a before/after.
 * `--recent-wait` makes `cap` wait 61 s so the quiet world is past the 60 s that protect it.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const flag = (name) => {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args.splice(at, 2)[1]
}
const BIN = flag('--bin') ?? fileURLToPath(new URL('../dist/bin/audio-task-mock.js', import.meta.url))
const recentWait = args.includes('--recent-wait')
const perWorld = Number(flag('--per-world') ?? 200)
const chosen = args.filter((arg) => !arg.startsWith('--'))
const SECTIONS = chosen.length === 0 ? ['cap', 'flood', 'bound'] : chosen

async function start(extra = []) {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--host', '127.0.0.1', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve(ready[1])
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)))
    setTimeout(() => reject(new Error('not ready in 30 s')), 30_000).unref()
  })
  const died = new Promise((resolve) => child.once('exit', (code, signal) => resolve(`exited ${code ?? signal}: ${output.slice(-300)}`)))
  return { child, url, died, output: () => output }
}

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)[1]) / 1024)
  return { peakMb: mb('VmHWM'), rssMb: mb('VmRSS') }
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 })

/** One request; resolves with the status and body (or the error, when the server went away). */
function send(url, method, path, headers = {}, body) {
  return new Promise((resolve) => {
    const target = new URL(path, url)
    const sent = request(
      target,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
      },
    )
    sent.on('error', (error) => resolve({ status: 0, body: error.message }))
    sent.end(body)
  })
}

/** Sends `count` requests made by `make(index)`, `width` at a time; counts the statuses. */
async function run(count, width, make) {
  const statuses = {}
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      const { method, path, headers, body } = make(index)
      const { status } = await send(make.url, method, path, headers, body)
      statuses[status] = (statuses[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return statuses
}

const KEY = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } })
const refused = (size) => JSON.stringify({ model: 'music-model', task_type: 'not-a-type', input: { prompt: 'p'.repeat(size) } })
const worldCount = async (url) => JSON.parse((await send(url, 'GET', '/__admin/worlds', { authorization: 'Bearer bench-token' })).body).count

async function flood() {
  const server = await start()
  const body = refused(1_000_000)
  const started = Date.now()
  for (const world of ['w0', 'w1', 'w2']) await send(server.url, 'POST', `/worlds/${world}/api/v1/task`, KEY, lyrics)
  const make = (index) => ({ method: 'POST', path: `/worlds/w${index % 3}/api/v1/task`, headers: KEY, body })
  make.url = server.url
  const statuses = await Promise.race([run(3_000, 8, make), server.died])
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (typeof statuses === 'string') return { section: 'flood', crashed: statuses, seconds }
  const end = memory(server.child.pid)
  const health = await send(server.url, 'GET', '/worlds/w0/__admin/health')
  server.child.kill('SIGTERM')
  return { section: 'flood', requests: 3_000, statuses, seconds, ...end, stillServing: health.status === 200 }
}

async function cap() {
  const server = await start(['--admin-token', 'bench-token'])
  const quiet = await send(server.url, 'POST', '/worlds/quiet/api/v1/task', KEY, lyrics)
  if (recentWait) await new Promise((resolve) => setTimeout(resolve, 61_000))
  const img = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }
  const kinds = [
    [1_000, (index) => ({ method: 'GET', path: `/worlds/anon-${index}/api/v1/account/usage` })],
    [100, (index) => ({ method: 'POST', path: `/worlds/admin-${index}/__admin/reset` })],
    [
      100,
      (index) => ({
        method: 'POST',
        path: `/worlds/cross-${index}/__admin/reset`,
        headers: { authorization: 'Bearer bench-token', origin: 'https://evil.example' },
      }),
    ],
    [100, (index) => ({ method: 'DELETE', path: `/worlds/nope-${index}/nothing/here` })],
    [300, (index) => ({ method: 'GET', path: `/worlds/img-${index}/openapi.json`, headers: img })],
  ]
  const statuses = {}
  for (const [count, make] of kinds) {
    make.url = server.url
    for (const [status, seen] of Object.entries(await run(count, 8, make))) statuses[status] = (statuses[status] ?? 0) + seen
  }
  const worlds = await worldCount(server.url)
  const taskId = JSON.parse(quiet.body).data.task_id
  const kept = (await send(server.url, 'GET', `/worlds/quiet/api/v1/task/${taskId}`, KEY)).status
  const end = memory(server.child.pid)
  server.child.kill('SIGTERM')
  return { section: 'cap', refusedRequests: 1_600, statuses, worldsAfter: worlds, quietWorldTask: kept, waitedPastRecent: recentWait, ...end }
}

async function bound() {
  const server = await start()
  const started = Date.now()
  const makeWorld = (index) => ({ method: 'POST', path: `/worlds/b-${index}/api/v1/task`, headers: KEY, body: lyrics })
  makeWorld.url = server.url
  const made = await run(1_000, 8, makeWorld)
  const afterWorlds = memory(server.child.pid)
  const body = refused(5_000)
  const fill = (index) => ({ method: 'POST', path: `/worlds/b-${index % 1_000}/api/v1/task`, headers: KEY, body })
  fill.url = server.url
  const statuses = await Promise.race([run(1_000 * perWorld, 8, fill), server.died])
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (typeof statuses === 'string') return { section: 'bound', crashed: statuses, seconds }
  let entries = 0
  for (let index = 0; index < 1_000; index += 1) {
    const health = JSON.parse((await send(server.url, 'GET', `/worlds/b-${index}/__admin/health`)).body)
    entries += health.journal?.entries ?? health.journal?.size ?? 0
  }
  const end = memory(server.child.pid)
  server.child.kill('SIGTERM')
  return { section: 'bound', worlds: 1_000, made, statuses, seconds, afterWorldsRssMb: afterWorlds.rssMb, journalEntries: entries, ...end }
}

const run1 = { flood, cap, bound }
console.log(JSON.stringify({ node: process.version, bin: BIN }))
for (const section of SECTIONS) {
  const result = await run1[section]()
  console.log(JSON.stringify(result))
}
agent.destroy()
