#!/usr/bin/env node
/**
 * What `audio-task-mock record` costs, measured on the built CLI (run `npm run build` first)
 * against a fake upstream in this process, all on 127.0.0.1:
 *
 *   latency [TASKS]  TASKS tasks (default 9000), each created and read until success, 16 at a
 *                    time: the slowest answer the client waited for, and percentiles.
 *   render [TASKS]   in this process, no network: TASKS tasks (default 9000) arriving 16 at a
 *                    time, the file rendered after each batch as the recorder does each second:
 *                    the longest and mean time one rendering held the event loop, against one
 *                    rendering of everything (what every periodic write cost before).
 *   memory [N] [MB]  N tasks (default 8) whose output is MB megabytes of JSON (default 30): the
 *                    recorder's peak resident memory (VmHWM) and what it holds after (VmRSS).
 *
 *   node bench/record.mjs render 9000
 *   node bench/record.mjs latency 9000
 *   node bench/record.mjs memory 8 30
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../dist/bin/audio-task-mock.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'measure-record-'))
const [what = 'latency', ...args] = process.argv.slice(2)

function upstream(outputBytes) {
  let tasks = 0
  const reads = new Map()
  const filler = outputBytes > 0 ? 'x'.repeat(outputBytes) : ''
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const send = (status, body) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body)
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
        res.end(text)
      }
      const created = '2026-01-01T00:00:00.000Z'
      if (req.method === 'POST') {
        const id = `t${++tasks}`
        return send(202, { code: 202, data: { task_id: id, type: 'lyrics', status: 'pending', credits_charged: 5, created_at: created } })
      }
      const id = req.url.split('/').pop()
      const n = (reads.get(id) ?? 0) + 1
      reads.set(id, n)
      const done = n >= 1
      const output = done ? (outputBytes > 0 ? `{"title":"big","text":"${filler}"}` : '{"title":"t","text":"la la"}') : 'null'
      const task = `{"task_id":"${id}","model":"music-model","type":"lyrics","status":"${done ? 'success' : 'running'}","credits_cost":5,"input":{"prompt":"p"},"output":${output},"error":null,"created_at":"${created}","completed_at":${done ? '"2026-01-01T00:00:30.000Z"' : 'null'}}`
      send(200, `{"code":200,"data":${task}}`)
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })))
}

function startRecorder(upstreamUrl, out) {
  const child = spawn(process.execPath, [BIN, 'record', '--upstream', upstreamUrl, '--port', '0', '--out', out, '--quiet'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve({ child, url: ready[1], exited, output: () => output })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then((code) => reject(new Error(`record exited ${code}: ${output}`)))
  })
}

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8')
const mb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)[1]) / 1024

const failures = new Map()

async function task(base, latencies) {
  const headers = { 'x-api-key': 'sk-measure-key', 'content-type': 'application/json' }
  const timed = async (url, init) => {
    const started = performance.now()
    const response = await fetch(url, init)
    const body = await response.json()
    latencies.push(performance.now() - started)
    if (body.data === undefined) failures.set(body.message, (failures.get(body.message) ?? 0) + 1)
    return body
  }
  const created = await timed(`${base}/api/v1/task`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'p' } }),
  })
  if (created.data === undefined) return
  for (;;) {
    const read = await timed(`${base}/api/v1/task/${created.data.task_id}`, { headers })
    if (read.data?.status !== 'running') return
  }
}

async function main() {
  const big = what === 'memory' ? Number(args[1] ?? 30) * 1024 * 1024 : 0
  const count = Number(args[0] ?? (what === 'memory' ? 8 : 9000))
  const { server, url } = await upstream(big)
  const out = join(dir, 'session.yaml')
  const recorder = await startRecorder(url, out)
  const latencies = []
  const started = performance.now()
  let next = 0
  const concurrency = what === 'memory' ? count : 16
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1
        await task(recorder.url, latencies)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const during = status(recorder.child.pid)
  recorder.child.kill('SIGTERM')
  const code = await recorder.exited
  server.close()
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1)
  console.log(`${what}: ${count} task(s), ${latencies.length} request(s) in ${seconds.toFixed(1)} s`)
  console.log(`  answer latency ms: p50 ${at(0.5)}, p99 ${at(0.99)}, max ${latencies[latencies.length - 1].toFixed(1)}`)
  console.log(`  recorder memory MB: peak (VmHWM) ${mb(during, 'VmHWM').toFixed(0)}, held after the session (VmRSS) ${mb(during, 'VmRSS').toFixed(0)}`)
  for (const [message, times] of failures) console.log(`  ${times} answer(s) without data: ${message}`)
  console.log(`  exit ${code}; ${out}: ${(statSync(out).size / 1024).toFixed(0)} KB; ${recorder.output().trim().split('\n').pop()}`)
  rmSync(dir, { recursive: true, force: true })
}

async function render() {
  const { Recording } = await import('../dist/record/recording.js')
  const { ScenarioWriter } = await import('../dist/record/scenario-writer.js')
  const count = Number(args[0] ?? 9000)
  const recording = new Recording()
  const writer = new ScenarioWriter()
  const meta = { upstream: 'u', wallNow: 0 }
  // An upstream on the wall clock: created_at is the arrival, completed_at the read 5 ms later.
  const iso = (ms) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + ms).toISOString()
  const add = (at, method, id, status, body) =>
    recording.add({
      at,
      method,
      path: method === 'POST' ? '/api/v1/task' : `/api/v1/task/${id}`,
      apiKey: 'sk-measure-key',
      contentType: 'application/json',
      body: '{"model":"music-model","task_type":"lyrics","input":{"prompt":"p"}}',
      response: { status, headers: {}, body },
    })
  const times = []
  for (let first = 0; first < count; first += 16) {
    for (let id = first; id < Math.min(count, first + 16); id++) {
      add(
        id * 10,
        'POST',
        `t${id}`,
        202,
        `{"code":202,"data":{"task_id":"t${id}","type":"lyrics","status":"pending","credits_charged":5,"created_at":"${iso(id * 10)}"}}`,
      )
      add(
        id * 10 + 5,
        'GET',
        `t${id}`,
        200,
        `{"code":200,"data":{"task_id":"t${id}","type":"lyrics","status":"success","output":{"title":"t","text":"la la"},"error":null,"created_at":"${iso(id * 10)}","completed_at":"${iso(id * 10 + 5)}"}}`,
      )
    }
    const started = performance.now()
    writer.render(recording.session(meta))
    times.push(performance.now() - started)
  }
  let started = performance.now()
  const text = new ScenarioWriter().render(recording.session(meta)).text
  const everything = performance.now() - started
  const { parseScenario } = await import('../dist/scenario/index.js')
  started = performance.now()
  parseScenario(text, 'session.yaml')
  const check = performance.now() - started
  const last = times.slice(-50)
  console.log(`render: ${count} task(s), ${times.length} renderings of ${(text.length / 1024).toFixed(0)} KB at most`)
  console.log(
    `  one rendering, pieces kept: max ${Math.max(...times).toFixed(1)} ms, mean of the last 50 ${(last.reduce((a, b) => a + b, 0) / last.length).toFixed(1)} ms`,
  )
  console.log(`  one rendering of everything (each periodic write before): ${everything.toFixed(0)} ms`)
  console.log(`  the loader's check of the whole file (once, on exit): ${check.toFixed(0)} ms`)
}

await (what === 'render' ? render() : main())
