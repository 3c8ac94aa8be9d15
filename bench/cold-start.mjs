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
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '11' }, node: { type: 'string', default: process.execPath }, kind: { type: 'string', multiple: true } },
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

function once(words) {
  const env = { ...process.env }
  const command = []
  for (const word of words) {
    const value = (word === 'NODE' ? values.node : word).replaceAll('{fresh}', () => {
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
    const onData = (chunk) => {
      output += chunk
      if (ready === null && /listening on http:\/\//.test(output)) {
        ready = Number(process.hrtime.bigint() - start) / 1e6
        child.kill('SIGTERM')
      }
    }
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
console.log(`Node ${version}, ${runs} runs per kind, time to the "listening on" line:\n`)
console.log('| kind | median ms | ratio | all runs (ms) |\n|---|---|---|---|')
kinds.forEach((kind, k) => {
  const m = median(times[k])
  console.log(`| ${kind.name} | ${Math.round(m)} | ${(m / base).toFixed(2)}× | ${times[k].map((t) => Math.round(t)).join(', ')} |`)
})
