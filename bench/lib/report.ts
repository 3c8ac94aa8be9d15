/** bench/RESULTS.md: the tables, the targets of issue 15 (and the checks of issue 6 still standing) and whether each is met, and the machine. */
import type { AdminClock } from '../cases/admin-clock.js'
import type { ColdStart } from '../cases/cold-start.js'
import { FAST, type HttpRow } from '../cases/http.js'
import type { Soak } from '../cases/soak.js'
import type { MixedSoak } from '../cases/soak-mixed.js'
import { mixedSection, mixedVerdict } from './report-mixed.js'
import type { DoorRun, EntryImport, InProcess, Memory } from '../cases/workers.js'
import { relative } from 'node:path'
import type { Machine } from './machine.js'
import { ROOT } from './paths.js'
import { fixed, ratio, thousands } from './stats.js'

export interface Results {
  command: string
  quick: boolean
  protocol: { rounds: number; seconds: number; warmupSeconds: number; connections: number }
  machine: Machine
  http?: HttpRow[]
  coldStart?: ColdStart
  inProcess?: InProcess
  memory?: Memory
  soak?: Soak
  mixedSoak?: MixedSoak
  entryImport?: EntryImport
  adminClock?: AdminClock
}

export interface Verdict {
  /** 15: the targets of issue 15; 6: the checks of issue 6 that still stand (latency, errors, soaks, client suite). */
  issue: 15 | 6
  what: string
  target: string
  measured: string
  met: boolean
}

/** Seconds for 1,000 lives, scaled from the lives run. */
const per1000s = (run: DoorRun): number => run.livesMs / run.lives

function livesMeasured(run: DoorRun): string {
  return `${fixed(per1000s(run), 2)} s (CPU ${fixed(run.livesCpuMs / run.lives, 2)} s)${run.lives === 1000 ? '' : ` (scaled from ${thousands(run.lives)})`}`
}

export function verdicts(results: Results): Verdict[] {
  const out: Verdict[] = []
  for (const row of results.http ?? []) {
    if (row.ratio === null) continue
    if (row.target !== null) {
      out.push({
        issue: 15,
        what: `${row.case}: req/s vs bare`,
        target: `≥ ${row.target.toFixed(1)}×`,
        measured: `${ratio(row.ratio)} (${thousands(row.rps)} req/s, p99 ${fixed(row.p99)} ms)`,
        met: row.ratio >= row.target,
      })
    }
    if (row.server === FAST)
      out.push({
        issue: 6,
        what: `${row.case}: p99 latency, errors`,
        target: '≤ 5 ms, 0',
        measured: `${row.p99} ms, ${row.errors}`,
        met: row.p99 <= 5 && row.errors === 0,
      })
  }
  const memory = results.memory
  if (memory)
    out.push({
      issue: 15,
      what: `Memory per stored finished task (${thousands(memory.tasks)} tasks)`,
      target: '≤ 1024 B',
      measured: `${fixed(memory.bytesPerTask)} B`,
      met: memory.bytesPerTask <= 1024,
    })
  const cold = results.coldStart
  if (cold) {
    out.push({
      issue: 15,
      what: 'Cold start to first 200 of Get Task',
      target: '≤ 1.5× bare',
      measured: `${ratio(cold.ratio)} (${fixed(cold.fakeMs)} vs ${fixed(cold.bareMs)} ms; code cache off ${ratio(cold.noCacheRatio)}; ${
        cold.userCache === null
          ? 'first run/later runs: not available in this build'
          : `first run ${ratio(cold.userCache.firstRatio)}, later runs ${ratio(cold.userCache.laterRatio)}`
      })`,
      met: cold.ratio <= 1.5,
    })
  }
  const inProcess = results.inProcess
  if (inProcess) {
    const fetchDoor = inProcess.fetchDoor
    out.push({
      issue: 15,
      what: '1,000 task lives through mock.fetch',
      target: '≤ 0.3 s',
      measured: fetchDoor === null ? 'not available in this build' : livesMeasured(fetchDoor),
      met: fetchDoor !== null && per1000s(fetchDoor) <= 0.3,
    })
    out.push({
      issue: 15,
      what: '1,000 task lives through msw setupServer',
      target: '≤ 1.0 s',
      measured: livesMeasured(inProcess),
      met: per1000s(inProcess) <= 1,
    })
    out.push({
      issue: 6,
      what: 'Client suite through setupServer (5 statuses, 402, 401, 404)',
      target: '< 1 s',
      measured: `${fixed(inProcess.suiteMs)} ms`,
      met: inProcess.suiteMs < 1000,
    })
  }
  const entry = results.entryImport
  if (entry) {
    out.push({
      issue: 15,
      what: 'Importing the main entry loads express',
      target: 'not loaded',
      measured: `${entry.expressLoaded ? `loaded (${entry.expressFiles} files)` : 'not loaded'}; import ${fixed(entry.importMs)} ms`,
      met: !entry.expressLoaded,
    })
  }
  const clock = results.adminClock
  if (clock) {
    out.push({
      issue: 15,
      what: 'Admin clock move over HTTP (POST /__admin/clock/advance)',
      target: '≤ 0.1 ms',
      measured: `${fixed(clock.fakeMs, 3)} ms (bare round trip ${fixed(clock.bareMs, 3)} ms; server CPU ${clock.fakeCpuMs === null ? '–' : fixed(clock.fakeCpuMs, 3)} ms)`,
      met: clock.fakeMs <= 0.1 && clock.errors === 0,
    })
  }
  const soak = results.soak
  if (soak) {
    out.push({
      issue: 6,
      what: `RSS over a ${soak.seconds} s soak at full load`,
      target: 'flat (end ≤ warm + 5%), 0 errors',
      measured: `${fixed(soak.rssStartMb)} → ${fixed(soak.rssEndMb)} MB, ${soak.errors} errors`,
      met: soak.flat && soak.errors === 0,
    })
  }
  if (results.mixedSoak) out.push({ issue: 6, ...mixedVerdict(results.mixedSoak) })
  return out
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

export function render(results: Results): string {
  const all = verdicts(results)
  const verdictTable = (issue: 15 | 6): string =>
    table(
      ['what', 'target', 'measured', ''],
      all.filter((v) => v.issue === issue).map((v) => [v.what, v.target, v.measured, v.met ? 'met' : results.quick ? 'not met (quick run)' : '**missed**']),
    )
  const m = results.machine
  const p = results.protocol
  const parts: string[] = [
    '# Benchmark results',
    '',
    `Written by \`${results.command}\`${results.quick ? ' (quick mode: a smoke run, the figures are indicative only)' : ''}. ` +
      'Every HTTP ratio is to a bare `node:http` server answering the same bytes, measured in the same run, in alternating rounds.',
    '',
    table(
      ['', ''],
      [
        ['CPU', `${m.cpu}, ${m.cores} cores`],
        ['Memory', `${m.memoryGb} GB`],
        ['OS', m.os],
        ['Node', m.node],
        ['autocannon', m.autocannon],
        ['Commit', m.commit],
        ['Load average at start', m.loadAverage],
        ['Date', m.date],
      ],
    ),
    '',
    '## Targets (issue 15)',
    '',
    'Reported, never enforced: the run fails only when requests fail.',
    '',
    verdictTable(15),
    '',
    '## Other checks (issue 6)',
    '',
    verdictTable(6),
  ]
  if (results.http) {
    parts.push(
      '',
      '## HTTP',
      '',
      `autocannon, ${p.connections} connections, ${p.rounds} round(s) × ${p.seconds} s per server after a ${p.warmupSeconds} s warm-up; req/s, ratio and latencies are medians over the rounds, "p99 worst" the worst round. RSS of the server process after the case.`,
      '',
    )
    parts.push(
      table(
        ['case', 'server', 'req/s', 'ratio', 'p50 ms', 'p99 ms', 'p99 worst', 'RSS MB', 'errors'],
        results.http.map((r) => [
          r.case,
          r.server,
          thousands(r.rps),
          r.ratio === null ? '1' : ratio(r.ratio),
          fixed(r.p50),
          fixed(r.p99),
          fixed(r.p99Max),
          r.rssMb === null ? '–' : fixed(r.rssMb),
          String(r.errors),
        ]),
      ),
    )
  }
  const cold = results.coldStart
  if (cold) {
    parts.push(
      '',
      '## Cold start',
      '',
      `Spawn to the first 200 of Get Task, median of ${cold.runs} runs each, rotating among the kinds. The fake is \`node ${relative(ROOT, cold.cli)} --port 0 --scenario scenarios/default.yaml\` and needs a create first; its ready line came after ${fixed(cold.fakeReadyMs)} ms.`,
      '',
    )
    parts.push(
      table(
        ['server', 'median ms', 'ratio', 'all runs (ms)'],
        [
          ['bare node:http', fixed(cold.bareMs), '1', cold.bareAll.map((v) => fixed(v)).join(', ')],
          ['fake (CLI)', fixed(cold.fakeMs), ratio(cold.ratio), cold.fakeAll.map((v) => fixed(v)).join(', ')],
          ['fake, code cache off', fixed(cold.noCacheMs), ratio(cold.noCacheRatio), cold.noCacheAll.map((v) => fixed(v)).join(', ')],
          ...(cold.userCache === null
            ? [['fake, first run / later runs (a cache built on this machine)', 'not available in this build', '–', '']]
            : [
                [
                  'fake, first run (empty AUDIO_TASK_MOCK_CODE_CACHE_DIR)',
                  fixed(cold.userCache.firstMs),
                  ratio(cold.userCache.firstRatio),
                  cold.userCache.firstAll.map((v) => fixed(v)).join(', '),
                ],
                [
                  'fake, later runs (that directory filled)',
                  fixed(cold.userCache.laterMs),
                  ratio(cold.userCache.laterRatio),
                  cold.userCache.laterAll.map((v) => fixed(v)).join(', '),
                ],
              ]),
        ],
      ),
    )
  }
  const inProcess = results.inProcess
  if (inProcess) {
    const lives = (door: string, run: DoorRun) => [
      `${door}: ${thousands(run.lives)} complete task lives (${thousands(run.requests)} requests)`,
      `${fixed(run.livesMs)} ms`,
      `${fixed(run.livesCpuMs)} ms`,
      `${fixed((run.livesMs / run.requests) * 1000)} µs`,
    ]
    const suite = (door: string, run: DoorRun) => [
      `${door}: client suite, ${run.suiteChecks} checks (every status, 402, 401, 404), fake created and reset per check`,
      `${fixed(run.suiteMs)} ms`,
      '',
      '',
    ]
    const fetchDoor = inProcess.fetchDoor
    parts.push(
      '',
      '## In-process (msw setupServer intercepting fetch, and mock.fetch)',
      '',
      'Each door in a fresh process of its own: the client suite first, then the lives. CPU time (user + system) of the process during the lives beside wall time.',
      '',
      table(
        ['case', 'wall time', 'CPU time', 'per request'],
        [
          lives('setupServer', inProcess),
          suite('setupServer', inProcess),
          ...(fetchDoor === null
            ? [['mock.fetch: not available in this build', '–', '–', '–']]
            : [lives('mock.fetch', fetchDoor), suite('mock.fetch', fetchDoor)]),
        ],
      ),
    )
  }
  const entry = results.entryImport
  if (entry) {
    parts.push(
      '',
      '## Importing the main entry',
      '',
      `\`await import('${relative(ROOT, entry.entry)}')\` in ${entry.runs} fresh node processes: median ${fixed(entry.importMs)} ms (${entry.all.map((v) => fixed(v)).join(', ')}); ${fixed(entry.cjsModules)} CommonJS modules loaded. express: **${entry.expressLoaded ? `loaded (${entry.expressFiles} files of express packages in require.cache)` : 'not loaded'}**.`,
    )
  }
  const clock = results.adminClock
  if (clock) {
    parts.push(
      '',
      '## Admin clock moves over HTTP',
      '',
      `${thousands(clock.moves)} \`POST /__admin/clock/advance {"by":"1ms"}\` one after another on one kept-alive connection to the standalone server, in five stretches taking turns with the same round trip to bare node:http answering the same bytes. Median **${fixed(clock.fakeMs, 3)} ms** per move (p99 ${fixed(clock.fakeP99Ms, 3)} ms); bare node:http ${fixed(clock.bareMs, 3)} ms, so the fake adds ${fixed(clock.fakeMs - clock.bareMs, 3)} ms; the server's CPU time ${clock.fakeCpuMs === null ? '–' : `${fixed(clock.fakeCpuMs, 3)} ms`} per move. ${clock.errors} moves failed.`,
    )
  }
  const memory = results.memory
  if (memory) {
    parts.push(
      '',
      '## Memory',
      '',
      `${thousands(memory.tasks)} tasks created with a 400-byte body and read to success through the api layer; heap growth after full GCs / tasks = **${fixed(memory.bytesPerTask)} bytes per task**. Heap ${fixed(memory.heapMb)} MB, RSS ${fixed(memory.rssMb)} MB; ${fixed(memory.ms)} ms for the lives.`,
    )
  }
  const soak = results.soak
  if (soak) {
    parts.push(
      '',
      '## Soak',
      '',
      `${soak.seconds} s of Get Task (finished, unfinished, unknown id) and usage at full load: ${thousands(soak.rps)} req/s, ${soak.errors} errors. RSS sampled every second: median ${fixed(soak.rssStartMb)} MB from 10% to 30% of the run, ${fixed(soak.rssEndMb)} MB over the last 20%, ${fixed(soak.rssMaxMb)} MB at most; least-squares trend over the second half ${fixed(soak.slopeMbPerMin, 2)} MB/min.`,
    )
  }
  if (results.mixedSoak) parts.push(...mixedSection(results.mixedSoak))
  parts.push('')
  return parts.join('\n')
}
