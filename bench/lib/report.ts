/** bench/RESULTS.md: the tables, the targets of issue 6 and whether each is met, and the machine. */
import type { ColdStart } from '../cases/cold-start.js'
import type { HttpRow } from '../cases/http.js'
import type { Soak } from '../cases/soak.js'
import type { MixedSoak } from '../cases/soak-mixed.js'
import { mixedSection, mixedVerdict } from './report-mixed.js'
import type { InProcess, Memory } from '../cases/workers.js'
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
}

export interface Verdict {
  what: string
  target: string
  measured: string
  met: boolean
}

export function verdicts(results: Results): Verdict[] {
  const out: Verdict[] = []
  for (const row of results.http ?? []) {
    if (row.target === null || row.ratio === null) continue
    out.push({ what: `${row.case}: req/s vs bare`, target: `≥ ${row.target.toFixed(2)}×`, measured: ratio(row.ratio), met: row.ratio >= row.target })
    out.push({ what: `${row.case}: p99 latency, errors`, target: '≤ 5 ms, 0', measured: `${row.p99} ms, ${row.errors}`, met: row.p99 <= 5 && row.errors === 0 })
  }
  const cold = results.coldStart
  if (cold) out.push({ what: 'Cold start to first 200 of Get Task', target: '≤ 2.00× bare', measured: `${ratio(cold.ratio)} (${fixed(cold.fakeMs)} vs ${fixed(cold.bareMs)} ms)`, met: cold.ratio <= 2 })
  const inProcess = results.inProcess
  if (inProcess) {
    const per1000 = (inProcess.livesMs / inProcess.lives) * 1000
    out.push({ what: '1,000 task lives through setupServer', target: '≤ 2 s', measured: `${fixed(per1000 / 1000, 2)} s${inProcess.lives === 1000 ? '' : ` (scaled from ${inProcess.lives})`}`, met: per1000 <= 2000 })
    out.push({ what: 'Client suite (5 statuses, 402, 401, 404)', target: '< 1 s', measured: `${fixed(inProcess.suiteMs)} ms`, met: inProcess.suiteMs < 1000 })
  }
  const memory = results.memory
  if (memory) out.push({ what: `Memory per stored finished task (${thousands(memory.tasks)} tasks)`, target: '≤ 2048 B', measured: `${fixed(memory.bytesPerTask)} B`, met: memory.bytesPerTask <= 2048 })
  const soak = results.soak
  if (soak) {
    out.push({
      what: `RSS over a ${soak.seconds} s soak at full load`,
      target: 'flat (end ≤ warm + 5%), 0 errors',
      measured: `${fixed(soak.rssStartMb)} → ${fixed(soak.rssEndMb)} MB, ${soak.errors} errors`,
      met: soak.flat && soak.errors === 0,
    })
  }
  if (results.mixedSoak) out.push(mixedVerdict(results.mixedSoak))
  return out
}

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

export function render(results: Results): string {
  const m = results.machine
  const p = results.protocol
  const parts: string[] = [
    '# Benchmark results',
    '',
    `Written by \`${results.command}\`${results.quick ? ' (quick mode: a smoke run, the figures are indicative only)' : ''}. ` +
      'Every HTTP ratio is to a bare `node:http` server answering the same bytes, measured in the same run, in alternating rounds.',
    '',
    table(['', ''], [
      ['CPU', `${m.cpu}, ${m.cores} cores`], ['Memory', `${m.memoryGb} GB`], ['OS', m.os], ['Node', m.node],
      ['autocannon', m.autocannon], ['Commit', m.commit], ['Load average at start', m.loadAverage], ['Date', m.date],
    ]),
    '',
    '## Targets (issue 6)',
    '',
    table(['what', 'target', 'measured', ''], verdicts(results).map((v) => [v.what, v.target, v.measured, v.met ? 'met' : results.quick ? 'not met (quick run)' : '**missed**'])),
  ]
  if (results.http) {
    parts.push('', '## HTTP', '', `autocannon, ${p.connections} connections, ${p.rounds} round(s) × ${p.seconds} s per server after a ${p.warmupSeconds} s warm-up; req/s, ratio and latencies are medians over the rounds, "p99 worst" the worst round. RSS of the server process after the case.`, '')
    parts.push(table(['case', 'server', 'req/s', 'ratio', 'p50 ms', 'p99 ms', 'p99 worst', 'RSS MB', 'errors'], results.http.map((r) => [
      r.case, r.server, thousands(r.rps), r.ratio === null ? '1' : ratio(r.ratio), fixed(r.p50), fixed(r.p99), fixed(r.p99Max), r.rssMb === null ? '–' : fixed(r.rssMb), String(r.errors),
    ])))
  }
  const cold = results.coldStart
  if (cold) {
    parts.push('', '## Cold start', '', `Spawn to the first 200 of Get Task, median of ${cold.runs} runs each, rotating among the three. The fake is \`node ${relative(ROOT, cold.cli)} --port 0 --scenario scenarios/default.yaml\` and needs a create first; its ready line came after ${fixed(cold.fakeReadyMs)} ms.`, '')
    parts.push(table(['server', 'median ms', 'ratio', 'all runs (ms)'], [
      ['bare node:http', fixed(cold.bareMs), '1', cold.bareAll.map((v) => fixed(v)).join(', ')],
      ['fake (CLI)', fixed(cold.fakeMs), ratio(cold.ratio), cold.fakeAll.map((v) => fixed(v)).join(', ')],
      ['fake, code cache off', fixed(cold.noCacheMs), ratio(cold.noCacheRatio), cold.noCacheAll.map((v) => fixed(v)).join(', ')],
    ]))
  }
  const inProcess = results.inProcess
  if (inProcess) {
    parts.push('', '## In-process (msw setupServer, intercepted fetch)', '', table(['case', 'time', 'per request'], [
      [`${thousands(inProcess.lives)} complete task lives (${thousands(inProcess.requests)} requests)`, `${fixed(inProcess.livesMs)} ms (CPU ${fixed(inProcess.livesCpuMs)} ms)`, `${fixed((inProcess.livesMs / inProcess.requests) * 1000)} µs`],
      [`client suite: ${inProcess.suiteChecks} checks (every status, 402, 401, 404), fake created and reset per check`, `${fixed(inProcess.suiteMs)} ms`, ''],
    ]))
  }
  const memory = results.memory
  if (memory) {
    parts.push('', '## Memory', '', `${thousands(memory.tasks)} tasks created with a 400-byte body and read to success through the api layer; heap growth after full GCs / tasks = **${fixed(memory.bytesPerTask)} bytes per task**. Heap ${fixed(memory.heapMb)} MB, RSS ${fixed(memory.rssMb)} MB; ${fixed(memory.ms)} ms for the lives.`)
  }
  const soak = results.soak
  if (soak) {
    parts.push('', '## Soak', '', `${soak.seconds} s of Get Task (finished, unfinished, unknown id) and usage at full load: ${thousands(soak.rps)} req/s, ${soak.errors} errors. RSS sampled every second: median ${fixed(soak.rssStartMb)} MB from 10% to 30% of the run, ${fixed(soak.rssEndMb)} MB over the last 20%, ${fixed(soak.rssMaxMb)} MB at most; least-squares trend over the second half ${fixed(soak.slopeMbPerMin, 2)} MB/min.`)
  }
  if (results.mixedSoak) parts.push(...mixedSection(results.mixedSoak))
  parts.push('')
  return parts.join('\n')
}
