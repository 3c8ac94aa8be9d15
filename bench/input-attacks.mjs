#!/usr/bin/env node
/**
 * The input attacks of issue 11 (ReDoS, huge media, deep YAML, time overflow, __proto__ rules),
 * each against a fresh server built from dist/ (run `npm run build` first), on 127.0.0.1 only.
 * For each it prints what the attacker got, the server's longest event-loop delay meanwhile
 * (loopDelayMs, from perf_hooks inside the server), how long the slowest health probe sent
 * meanwhile waited (stallMs, which also counts the machine's own load) and the server's peak
 * resident memory (peakMb, VmHWM).
 *
 *   node bench/input-attacks.mjs [redos|media|mediamax|depth|time|proto ...]
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../dist/bin/audio-task-mock.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'attack-'))

async function start(scenario) {
  const file = join(dir, 'scenario.yaml')
  writeFileSync(file, scenario)
  const child = spawn(process.execPath, ['--import', MONITOR, BIN, '--port', '0', '--host', '127.0.0.1', '--scenario', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
    setTimeout(() => reject(new Error('not ready in 20 s')), 20_000).unref()
  })
  /** The server's longest event-loop delay since the last call, in ms (the monitor answers SIGUSR2). */
  const loopDelay = async () => {
    const seen = output.length
    child.kill('SIGUSR2')
    for (let i = 0; i < 200 && !/LOOP-DELAY (\S+)/.test(output.slice(seen)); i++) await new Promise((r) => setTimeout(r, 25))
    return Math.round(Number(/LOOP-DELAY (\S+)/.exec(output.slice(seen))?.[1] ?? NaN))
  }
  return { child, url, output: () => output, loopDelay }
}

/** Loaded into the server: measures its event loop's delays and reports the longest on SIGUSR2. */
const MONITOR = `data:text/javascript,${encodeURIComponent(
  "import { monitorEventLoopDelay } from 'node:perf_hooks'\n" +
    'const h = monitorEventLoopDelay({ resolution: 10 }); h.enable()\n' +
    "process.on('SIGUSR2', () => { process.stderr.write('LOOP-DELAY ' + h.max / 1e6 + '\\n'); h.reset() })\n",
)}`

const peakMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

/** Runs `attack` while a probe reads /__admin/health every 25 ms; the longest probe wait is the stall. */
async function measure(server, attack) {
  await fetch(`${server.url}/__admin/health`).then((r) => r.arrayBuffer()) // the admin routes load lazily: not part of any attack
  await server.loopDelay()
  let worst = 0
  let probeErrors = 0
  let probing = true
  const probe = (async () => {
    while (probing) {
      const t = performance.now()
      await fetch(`${server.url}/__admin/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => (probeErrors += 1))
      worst = Math.max(worst, performance.now() - t)
      await new Promise((r) => setTimeout(r, 25))
    }
  })()
  const t = performance.now()
  const result = await attack()
  const ms = performance.now() - t
  probing = false
  await probe
  const loopMs = await server.loopDelay()
  return { ...result, ms: Math.round(ms), loopDelayMs: loopMs, stallMs: Math.round(worst), probeErrors, peakMb: Math.round(peakMb(server.child.pid)) }
}

async function call(url, method, path, { body, key, type = 'application/json' } = {}) {
  const headers = { 'content-type': type }
  if (key) headers['x-api-key'] = key
  const response = await fetch(url + path, { method, headers, body })
  const text = await response.text()
  return { status: response.status, text }
}

const create = (url, input, key = 'k') => call(url, 'POST', '/api/v1/task', { key, body: JSON.stringify({ model: 'music-model', task_type: 'music', input }) })

async function media(service) {
  const server = await start(
    `version: 1\naccounts: [{ api_key: k, credits: 1000 }]\n${service}timelines:\n  default: [{ status: success, output: { result: [{ duration: 100000 }] } }]\n`,
  )
  try {
    const created = JSON.parse((await create(server.url, { gpt_description_prompt: 'x' })).text)
    const task = JSON.parse((await call(server.url, 'GET', `/api/v1/task/${created.data.task_id}`, { key: 'k' })).text)
    const audio = new URL(task.data.output.result[0].audio_url, server.url).href
    const head = await fetch(audio, { method: 'HEAD' })
    return await measure(server, async () => {
      const sizes = await Promise.all([1, 2, 3, 4].map(async () => (await (await fetch(audio)).arrayBuffer()).byteLength))
      return { contentLength: head.headers.get('content-length'), downloadedBytes: sizes }
    })
  } finally {
    server.child.kill()
  }
}

const attacks = {
  /** No attack: the probe's longest wait on an idle server, the floor of every stall figure on this machine. */
  async idle() {
    const server = await start('version: 1\n')
    try {
      return await measure(server, () => new Promise((resolve) => setTimeout(() => resolve({}), 3000)))
    } finally {
      server.child.kill()
    }
  },
  async redos() {
    const server = await start(
      `version: 1\naccounts: [{ api_key: k, credits: 1000 }]\nrules:\n  - match: { input: { gpt_description_prompt: { matches: "^(a+)+$" } } }\n    timeline: [{ status: failure, error: matched }]\n`,
    ).catch((error) => ({
      refused: String(error.message)
        .split('\n')
        .find((l) => l.includes('matches')),
    }))
    if (server.refused) return { refusedAtLoad: server.refused }
    try {
      return await measure(server, async () => ({ create: (await create(server.url, { gpt_description_prompt: `${'a'.repeat(30)}!` })).status }))
    } finally {
      server.child.kill()
    }
  },
  media: () => media(''),
  /** The same with the cap raised to its maximum (36000 s, 288 MB a file): streaming keeps memory flat. */
  mediamax: () => media('service: { media: { max_audio_seconds: 36000 } }\n'),
  async depth() {
    const server = await start('version: 1\n')
    try {
      const body = '['.repeat(1_000_000) + ']'.repeat(1_000_000)
      return await measure(server, async () => {
        const reply = await call(server.url, 'PUT', '/__admin/scenario', { body, type: 'application/yaml' })
        return { status: reply.status, message: reply.text.slice(0, 160) }
      })
    } finally {
      server.child.kill()
    }
  },
  async time() {
    const results = {}
    const server = await start('version: 1\naccounts: [{ api_key: k, credits: 1000 }]\n')
    try {
      const put = (yaml) => call(server.url, 'PUT', '/__admin/scenario', { body: yaml, type: 'application/yaml' })
      results.timeoutLoad = (await put('version: 1\naccounts: [{ api_key: k, credits: 1000 }]\nservice: { timeout_after: 9999999999h }\n')).status
      const created = JSON.parse((await create(server.url, { gpt_description_prompt: 'x' })).text)
      results.timeoutCreate = created.code
      results.timeoutRead = created.data ? (await call(server.url, 'GET', `/api/v1/task/${created.data.task_id}`, { key: 'k' })).status : null
      results.timeoutAdminRead = created.data ? (await call(server.url, 'GET', `/__admin/tasks/${created.data.task_id}`)).status : null
      results.timeoutAdminList = (await call(server.url, 'GET', `/__admin/tasks`)).status
      await put(
        'version: 1\naccounts: [{ api_key: k, credits: 1000 }]\nservice: { timeout_after: null }\ntimelines: { default: [{ status: pending, polls: 100 }, { status: success }] }\n',
      )
      const task = JSON.parse((await create(server.url, { gpt_description_prompt: 'x' })).text).data.task_id
      results.setLast = (await call(server.url, 'POST', '/__admin/clock/set', { body: JSON.stringify({ to: '+275760-09-13T00:00:00.000Z' }) })).status
      results.readAfterSet = (await call(server.url, 'GET', `/api/v1/task/${task}`, { key: 'k' })).status
      const forced = await call(server.url, 'POST', `/__admin/tasks/${task}/force`, { body: JSON.stringify({ status: 'success' }) })
      results.force = `${forced.status} ${forced.text.slice(0, 120)}`
      const after = await call(server.url, 'GET', `/__admin/tasks/${task}`)
      results.taskAfterForce = `${after.status} ${after.text.slice(0, 120)}`
      results.forceAgain = (await call(server.url, 'POST', `/__admin/tasks/${task}/force`, { body: JSON.stringify({ status: 'failure' }) })).status
      results.autoLoad = (await put('version: 1\nclock: { mode: auto, speed: 10000000000000 }\naccounts: [{ api_key: k, credits: 1000 }]\n')).status
      await new Promise((r) => setTimeout(r, 50))
      results.clockAfterAuto = (await call(server.url, 'GET', '/__admin/clock')).status
    } finally {
      server.child.kill()
    }
    return results
  },
  async proto() {
    const server = await start(
      `version: 1\naccounts: [{ api_key: k, credits: 1000 }]\nrules:\n  - match: { input: { __proto__: { contains: never } } }\n    timeline: [{ status: failure, error: matched }]\n`,
    ).catch((error) => ({
      refused: String(error.message)
        .split('\n')
        .find((l) => l.includes('__proto__')),
    }))
    if (server.refused) return { refusedAtLoad: server.refused }
    try {
      const id = JSON.parse((await create(server.url, { gpt_description_prompt: 'x' })).text).data.task_id
      return { taskStatus: JSON.parse((await call(server.url, 'GET', `/api/v1/task/${id}`, { key: 'k' })).text).data.status }
    } finally {
      server.child.kill()
    }
  },
}

const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(attacks)
try {
  for (const name of chosen) console.log(name, JSON.stringify(await attacks[name]()))
  console.log('loadavg', readFileSync('/proc/loadavg', 'utf8').trim())
} finally {
  rmSync(dir, { recursive: true, force: true })
}
