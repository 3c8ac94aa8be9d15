/**
 * `npm run bench`: the fake side by side with a bare node:http baseline, written to
 * bench/RESULTS.md. `npm run bench -- --quick` is a short smoke run (CI): it writes
 * bench/.tmp/RESULTS.quick.md and fails only when something is broken (errors, a crash),
 * never because a figure came out low on a noisy machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runAdminClock } from './cases/admin-clock.js'
import { runColdStart } from './cases/cold-start.js'
import { HTTP_CASES, runHttp } from './cases/http.js'
import { runSoak } from './cases/soak.js'
import { runMixedSoak } from './cases/soak-mixed.js'
import { runImport, runInProcess, runMemory } from './cases/workers.js'
import { machine } from './lib/machine.js'
import { selectsCase } from './lib/requests.js'
import { CLI, ROOT } from './lib/paths.js'
import { render, verdicts, type Results } from './lib/report.js'

const SECTIONS = ['http', 'cold', 'inprocess', 'import', 'admin', 'memory', 'soak', 'mixed'] as const

const USAGE = `Usage: npm run bench -- [options]

  --quick            short smoke run (1 round of 1 s, 3 cold starts, 5 s soak, 6 s mixed soak, 10 000 tasks,
                     10 000 unfinished tasks for usage, 1 000 clock moves, 3 imports); writes bench/.tmp/RESULTS.quick.md
  --rounds N         alternating rounds per HTTP case (default 5)
  --http-cases LIST  comma-separated HTTP cases to run; a name also selects the cases named after it with a
                     parenthesis ("Create" runs both Create cases). Default all: "${HTTP_CASES.join(',')}"
  --unfinished N     unfinished tasks on the account of "${HTTP_CASES.at(-1)}" (default 100000, --quick 10000)
  --no-state         leave out the pending-first Create case's --state doors (interval and durable mode)
  --seconds S        seconds per server per round (default 5)
  --soak S           soak duration in seconds (default 300)
  --mixed S          mixed soak duration in seconds (creates, reads, faults; default 300, --quick 6)
  --lives N          in-process task lives (default 1000)
  --tasks N          tasks for the memory case (default 100000)
  --cold-runs N      cold-start runs per server (default 11)
  --imports N        fresh processes importing the main entry (default 11, --quick 3)
  --moves N          admin clock moves over HTTP (default 5000, --quick 1000)
  --cli FILE         the CLI build the HTTP and cold-start cases spawn (default dist/bin/audio-task-mock.js, the bundled CLI)
  --no-express       skip the express + msw door in the HTTP cases
  --only LIST        comma-separated sections: ${SECTIONS.join(',')}
  --out FILE         where to write the report (default bench/RESULTS.md)
`

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    rounds: { type: 'string' },
    'no-state': { type: 'boolean' },
    'http-cases': { type: 'string' },
    seconds: { type: 'string' },
    soak: { type: 'string' },
    mixed: { type: 'string' },
    lives: { type: 'string' },
    tasks: { type: 'string' },
    'cold-runs': { type: 'string' },
    unfinished: { type: 'string' },
    imports: { type: 'string' },
    moves: { type: 'string' },
    cli: { type: 'string' },
    'no-express': { type: 'boolean' },
    only: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
})
if (values.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}

function num(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`bench: --${name} expects a positive number, got ${JSON.stringify(text)}\n\n${USAGE}`)
    process.exit(2)
  }
  return value
}

const quick = values.quick === true
const only = new Set(values.only?.split(',').map((s) => s.trim()) ?? SECTIONS)
for (const section of only) {
  if (!(SECTIONS as readonly string[]).includes(section)) {
    process.stderr.write(`bench: unknown section ${JSON.stringify(section)}; expected some of ${SECTIONS.join(', ')}\n`)
    process.exit(2)
  }
}
const protocol = {
  rounds: num('rounds', values.rounds, quick ? 1 : 5),
  seconds: num('seconds', values.seconds, quick ? 1 : 5),
  warmupSeconds: quick ? 0.5 : 2,
  connections: 10,
}
const out = resolve(values.out ?? join(ROOT, 'bench', quick ? '.tmp/RESULTS.quick.md' : 'RESULTS.md'))
const log = (line: string): void => void process.stderr.write(`bench: ${line}\n`)

const results: Results = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  quick,
  protocol,
  machine: machine(),
}
const httpCases = values['http-cases'] === undefined ? undefined : new Set(values['http-cases'].split(',').map((name) => name.trim()))
for (const name of httpCases ?? []) {
  if (!HTTP_CASES.some((known) => selectsCase(new Set([name]), known))) {
    process.stderr.write(`bench: unknown HTTP case ${JSON.stringify(name)}; expected some of ${HTTP_CASES.join(', ')}\n`)
    process.exit(2)
  }
}
const unfinished = num('unfinished', values.unfinished, quick ? 10_000 : 100_000)
if (only.has('http'))
  results.http = await runHttp(
    protocol,
    !quick && values['no-express'] !== true,
    log,
    resolve(values.cli ?? CLI),
    values['no-state'] !== true,
    httpCases,
    unfinished,
  )
if (only.has('cold')) results.coldStart = await runColdStart(num('cold-runs', values['cold-runs'], quick ? 3 : 11), resolve(values.cli ?? CLI), log)
if (only.has('inprocess')) results.inProcess = await runInProcess(num('lives', values.lives, 1000), log)
if (only.has('import')) results.entryImport = await runImport(num('imports', values.imports, quick ? 3 : 11), log)
if (only.has('admin')) results.adminClock = await runAdminClock(num('moves', values.moves, quick ? 1000 : 5000), log, resolve(values.cli ?? CLI))
if (only.has('memory')) results.memory = await runMemory(num('tasks', values.tasks, quick ? 10_000 : 100_000), log)
if (only.has('soak')) results.soak = await runSoak(num('soak', values.soak, quick ? 5 : 300), log)
if (only.has('mixed')) results.mixedSoak = await runMixedSoak(num('mixed', values.mixed, quick ? 6 : 300), log)

mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, render(results))
writeFileSync(join(ROOT, 'bench', '.tmp', quick ? 'results.quick.json' : 'results.json'), `${JSON.stringify(results, null, 2)}\n`)
for (const v of verdicts(results)) log(`${v.met ? 'met   ' : 'MISSED'} ${v.what}: ${v.measured} (target ${v.target})`)
log(`wrote ${out}`)

// Figures never fail the run (a shared machine is noisy); errors do: they mean something is broken.
const errors =
  (results.http ?? []).reduce((sum, row) => sum + row.errors, 0) +
  (results.soak?.errors ?? 0) +
  (results.mixedSoak?.unscripted ?? 0) +
  (results.adminClock?.errors ?? 0)
if (errors > 0) {
  log(`${errors} requests failed: see the errors column`)
  process.exitCode = 1
}
