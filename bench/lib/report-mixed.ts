/** The mixed soak's verdict and its section of bench/RESULTS.md (see bench/cases/soak-mixed.ts for the rule). */
import type { MixedSoak } from '../cases/soak-mixed.js'
import { fixed, thousands } from './stats.js'

export function mixedVerdict(soak: MixedSoak): { what: string; target: string; measured: string; met: boolean } {
  return {
    what: `RSS over a ${soak.seconds} s mixed soak (creates, reads, faults; reset every ${soak.resetEvery} s)`,
    target: 'flat (end ≤ warm + 5%), 0 unscripted',
    measured: `${fixed(soak.rssStartMb)} → ${fixed(soak.rssEndMb)} MB, ${soak.unscripted} unscripted`,
    met: soak.flat && soak.unscripted === 0,
  }
}

export function mixedSection(soak: MixedSoak): string[] {
  const statuses = Object.entries(soak.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([what, count]) => `${what}: ${thousands(count)}`)
    .join(', ')
  return [
    '',
    '## Mixed soak',
    '',
    `${soak.seconds} s of create → read → read → usage per connection (10 connections) with bench/scenarios/mixed.yaml: weighted success/failure/stuck outcomes, 3% 500s on create, 2% 503s on usage, 1% dropped and 2% delayed Get Task connections; the clock moves 1 min every second (tasks time out after 3 min) and the world is reset every ${soak.resetEvery} s (${soak.resets} resets). ${thousands(soak.rps)} req/s, ${thousands(soak.creates)} tasks created.`,
    '',
    `Answers: ${statuses}. Scripted fault answers: ${thousands(soak.scripted)}; dropped connections seen in the journal (its last 10,000 requests before each reset; autocannon reconnects and resends, so they never count as errors): ${thousands(soak.dropped)} of ${thousands(soak.sampled)} requests sampled. **Unscripted: ${soak.unscripted}**${soak.unscriptedSamples.length > 0 ? ` (${soak.unscriptedSamples.join('; ')})` : ''}.`,
    '',
    `RSS sampled every second: median ${fixed(soak.rssStartMb)} MB from 10% to 30% of the run, ${fixed(soak.rssEndMb)} MB over the last 20%, ${fixed(soak.rssMaxMb)} MB at most; least-squares trend over the second half ${fixed(soak.slopeMbPerMin, 2)} MB/min. Creates grow the task store by design (about 1.7 KB a task, see Memory); the resets free it, so RSS may climb within a reset interval and must not across them: each window spans at least two intervals, and the rule is the Get Task soak's (end median ≤ warm median + 5%).`,
  ]
}
