// Cold start: the time from spawning a server to its "listening on" line, median of several runs
// per kind, the kinds taking turns run by run (each kind takes each place in the order equally
// often). The first kind is the baseline of the ratios.
//
//   node bench/cold-start.mjs --runs 11 \
//     --kind 'bare=NODE bench/cold-start-bare.mjs' \
//     --kind 'cli=NODE dist/bin/audio-task-mock.js --port 0' \
//     --kind 'first run=NODE_COMPILE_CACHE={fresh} NODE dist/bin/audio-task-mock.js --port 0'
//
// A kind is NAME=[VAR=VALUE ...] PROGRAM ARGS... split on spaces. NODE is replaced by --node (the
// Node running this script by default) where it is a word of its own; {fresh} by a new empty directory each run. Each server
// gets SIGTERM after its ready line and must exit before the next run starts.
//
// With --answer PATH the time is to the first HTTP answer (any status) of
// http://127.0.0.1:{port}PATH instead, {port} being a free port chosen for each run and put in
// the kind's words: for servers whose ready line comes from elsewhere, such as a container
// (issue 36: the image against the standalone executable, in bench/RESULTS.md).
//   node bench/cold-start.mjs --runs 11 --answer /__admin/health \
//     --kind 'executable=dist-exe/audio-task-mock --host 127.0.0.1 --port {port}' \
//     --kind 'container=podman … run --rm -p 127.0.0.1:{port}:4010 audio-task-mock:ci'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '11' },
    node: { type: 'string', default: process.execPath },
    kind: { type: 'string', multiple: true },
    answer: { type: 'string' },
  },
})
const runs = Number(values.runs)
const kinds = (values.kind ?? []).map((text) => {
  const at = text.indexOf('=')
  return {
    name: text.slice(0, at),
    words: text
      .slice(at + 1)
      .trim()
      .split(/\s+/),
  }
})
if (kinds.length === 0 || !(runs > 0)) {
  console.error('measure-cold-start: give --runs N and at least one --kind NAME=COMMAND')
  process.exit(2)
}
const fresh = []

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Resolves once http://127.0.0.1:PORT/PATH answers at all, polling every 5 ms; `stopped()` ends the wait. */
async function answered(port, stopped) {
  const answers = () => fetch(`http://127.0.0.1:${port}${values.answer}`).then(Boolean, () => false)
  while (!stopped()) {
    if (await answers()) return true
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return false
}

async function once(words) {
  const env = { ...process.env }
  const command = []
  const port = String(await freePort())
  for (const word of words) {
    const value = (word === 'NODE' ? values.node : word).replaceAll('{port}', port).replaceAll('{fresh}', () => {
      const dir = mkdtempSync(join(tmpdir(), 'atm-cold-'))
      fresh.push(dir)
      return dir
    })
    const assignment = command.length === 0 ? /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(value) : null
    if (assignment) env[assignment[1]] = assignment[2]
    else command.push(value)
  }
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint()
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let ready = null
    const isReady = () => {
      ready = Number(process.hrtime.bigint() - start) / 1e6
      child.kill('SIGTERM')
    }
    const onData = (chunk) => {
      output += chunk
      if (values.answer === undefined && ready === null && /listening on http:\/\//.test(output)) isReady()
    }
    if (values.answer !== undefined) void answered(port, () => child.exitCode !== null || child.signalCode !== null).then((yes) => yes && isReady())
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      ready === null ? reject(new Error(`${command.join(' ')} exited (${code ?? signal}) before its ready line:\n${output}`)) : resolve(ready),
    )
  })
}

const times = kinds.map(() => [])
for (let run = 0; run < runs; run++) {
  for (let place = 0; place < kinds.length; place++) {
    const k = (run + place) % kinds.length
    times[k].push(await once(kinds[k].words))
  }
}
for (const dir of fresh) rmSync(dir, { recursive: true, force: true })

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const base = median(times[0])
const version = await new Promise((resolve) => {
  const child = spawn(values.node, ['--version'])
  let text = ''
  child.stdout.on('data', (chunk) => (text += chunk))
  child.once('exit', () => resolve(text.trim()))
})
const until = values.answer === undefined ? 'the "listening on" line' : `the first answer of ${values.answer}`
console.log(`Node ${version}, ${runs} runs per kind, time to ${until}:\n`)
console.log('| kind | median ms | ratio | all runs (ms) |\n|---|---|---|---|')
kinds.forEach((kind, k) => {
  const m = median(times[k])
  console.log(`| ${kind.name} | ${Math.round(m)} | ${(m / base).toFixed(2)}× | ${times[k].map((t) => Math.round(t)).join(', ')} |`)
})
