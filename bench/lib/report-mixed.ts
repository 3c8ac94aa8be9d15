/** The mixed soak's verdict and its section of bench/RESULTS.md (see bench/cases/soak-mixed.ts for the rule). */
import type { MixedSoak } from '../cases/soak-mixed.js'
import { fixed, thousands } from './stats.js'

export function mixedVerdict(soak: MixedSoak): { what: string; target: string; measured: string; met: boolean } {
  return {
    what: `RSS over a ${soak.seconds} s mixed soak (creates, reads, faults; reset every ${soak.resetEvery} s)`,
    target: 'RSS floors between resets flat (last third ≤ first third + 5%), 0 unscripted',
    measured: `floors ${fixed(soak.floorEarlyMb)} → ${fixed(soak.floorLateMb)} MB, ${soak.unscripted} unscripted`,
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
    `${soak.seconds} s of create → read → read → usage per connection (10 connections) with bench/scenarios/mixed.yaml: weighted success/failure/stuck outcomes, 3% 500s on create, 2% 503s on usage, 1% dropped and 2% delayed Get Task connections; the clock moves 1 min every second (tasks time out after 3 min) and the world is reset every ${soak.resetEvery} s (${soak.resets} resets). ${thousands(soak.rps)} req/s, ${thousands(soak.creates)} tasks created, ${thousands(soak.reads)} Get Task reads.`,
    '',
    `Answers: ${statuses}. Scripted fault answers: ${thousands(soak.scripted)}; dropped connections seen in the journal (its last 10,000 requests before each reset; autocannon reconnects and resends, so they never count as errors): ${thousands(soak.dropped)} of ${thousands(soak.sampled)} requests sampled. **Unscripted: ${soak.unscripted}**${soak.unscriptedSamples.length > 0 ? ` (${soak.unscriptedSamples.join('; ')})` : ''}.`,
    '',
    `RSS sampled every second: median ${fixed(soak.rssStartMb)} MB from 10% to 30% of the run, ${fixed(soak.rssEndMb)} MB over the last 20%, ${fixed(soak.rssMaxMb)} MB at most; least-squares trend over the second half ${fixed(soak.slopeMbPerMin, 2)} MB/min. Creates grow the task store by design (about 1.7 KB a task, see Memory) and each reset frees it, so RSS is a sawtooth and medians over windows depend on where the teeth fall. The verdict compares what the resets give back: the lowest RSS between each pair of resets (${soak.floorsMb.map((mb) => fixed(mb)).join(', ')} MB; the first, start-up and warm-up, is left out), median of the last third ${fixed(soak.floorLateMb)} MB against the first third ${fixed(soak.floorEarlyMb)} MB, within 5%. Memory kept across resets (a leak) raises every later floor.`,
  ]
}
