/**
 * What QA shares of a world (decision 065): its journal with headers and bodies as JSON and as
 * HAR, and the whole run (scenario, journal, report, a replaying scenario) as one file. Each is
 * read at once from the world, oldest request first; `base` is where the world answers, which
 * the requests' URLs start with.
 */
import type { MockHandle } from '../handle/mock-handle.js'
import { journalHar, type Har } from './har.js'
import { nearMissViews } from './counter-views.js'
import type { JournalEntryDetail } from './journal-view.js'
import { clientReport, exportScenario, scenarioSource } from './operations.js'
import { RUN_FORMAT, RUN_VERSION, type RunFile } from './run-file.js'
import { entryView } from './views.js'

/** Where an in-process fake's requests are said to go when no base is given. */
export const IN_PROCESS_BASE = 'http://localhost'

export interface JournalExport {
  format: 'audio-task-mock-journal'
  version: 1
  base: string
  saved_at: RunFile['saved_at']
  journal: RunFile['journal']
}

function details(host: MockHandle): JournalEntryDetail[] {
  const { world } = host
  const { journal } = world
  return journal
    .entries()
    .map((entry) => ({ ...entryView(entry, world), exchange: journal.exchange(entry.seq), near_misses: nearMissViews(world, entry.trace?.misses ?? []) }))
}

function journalPart(host: MockHandle): RunFile['journal'] {
  const { journal } = host.world
  return { recorded: journal.recorded, dropped: journal.dropped, capacity: journal.capacity, entries: details(host) }
}

function savedAt(host: MockHandle, wall: () => number): RunFile['saved_at'] {
  return { clock: host.clock.now().toISOString(), wall: new Date(wall()).toISOString() }
}

export function journalExport(host: MockHandle, base = IN_PROCESS_BASE, wall: () => number = Date.now): JournalExport {
  return { format: 'audio-task-mock-journal', version: 1, base, saved_at: savedAt(host, wall), journal: journalPart(host) }
}

export function journalHarExport(host: MockHandle, base = IN_PROCESS_BASE): Har {
  const { dropped } = host.world.journal
  const comment = `audio-task-mock journal of scenario ${JSON.stringify(host.scenario.name)}${dropped > 0 ? `; the ${dropped} oldest request(s) were dropped` : ''}`
  return journalHar(details(host), base, comment)
}

/**
 * The scenario's text with every key the world knows (its accounts, the rules' and faults' keys,
 * the keys in the journal) as its label: a run file is made to be shared, and holds no key whole.
 */
function scenarioShared(host: MockHandle): RunFile['scenario'] {
  const source = scenarioSource(host)
  if (source.text === null) return source
  const { world, scenario } = host
  const keys = new Set<string>([...world.accounts.keys(), ...scenario.accounts.map((account) => account.apiKey)])
  for (const { match } of [...scenario.rules, ...scenario.faults]) if (typeof match.api_key === 'string') keys.add(match.api_key)
  for (const entry of world.journal.entries()) if (entry.apiKey !== null) keys.add(entry.apiKey)
  let text = source.text
  // Longest first: a key that holds another is replaced whole.
  for (const key of [...keys].sort((a, b) => b.length - a.length)) if (key.length >= 3 && text.includes(key)) text = text.split(key).join(world.keyLabel(key))
  return { ...source, text }
}

export function runExport(host: MockHandle, base = IN_PROCESS_BASE, wall: () => number = Date.now): RunFile {
  return {
    format: RUN_FORMAT,
    version: RUN_VERSION,
    base,
    saved_at: savedAt(host, wall),
    scenario: scenarioShared(host),
    replay: exportScenario(host, {}),
    journal: journalPart(host),
    report: clientReport(host, {}),
  }
}
