/**
 * The fake's own world → a session to write as a scenario (`GET /__admin/export`,
 * `mock.export()`): every account with its opening credits, every task with the statuses its
 * owner's reads showed (from the journal) and how it ended (from the world), and every fault
 * that fired, at its position. A run that found a bug becomes a fixture. Pure: no I/O.
 */
import { defaultFaultMessage } from '../api/public-api.js'
import { PUBLIC_ENDPOINTS } from '../api/routes.js'
import { formatDuration } from '../domain/duration.js'
import type { JournalEntry } from '../domain/journal.js'
import type { FaultAction, FinalStatus, Scenario } from '../domain/types.js'
import type { World } from '../domain/world.js'
import { OPEN_ENDED_MS, PLACEHOLDER_PREFIX } from './recording.js'
import { scrubber, scrubDeep } from './scrub.js'
import type { AccountRecord, RecordedEndpoint, RecordedFault, RequestRecord, Session, Sighting, TaskHistory } from './session.js'

export interface ExportOptions {
  /** Write the accounts' own keys instead of `recorded-key-N` (default false: no key is written). */
  keepKeys?: boolean
}

/** The action as the export replays it: a respond's standard message written out, every text in it scrubbed (its own field names kept). */
function recordedFault(action: FaultAction, scrub: (text: string) => string): RecordedFault {
  const spelled =
    'respond' in action ? { respond: { ...action.respond, message: action.respond.message ?? defaultFaultMessage(action.respond.status) } } : action
  const fields = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([name, field]) => [name, scrubDeep(field, scrub)]))
      : scrubDeep(value, scrub)
  return Object.fromEntries(Object.entries(spelled).map(([key, value]) => [key, fields(value)])) as unknown as RecordedFault
}

function serviceOf(scenario: Scenario): Record<string, unknown> {
  const { service } = scenario
  return {
    model: service.model,
    versions: [...service.versions],
    default_version: service.defaultVersion,
    prices: { ...service.prices },
    timeout_after: service.timeoutAfterMs === null ? null : formatDuration(service.timeoutAfterMs),
    limits: { ...service.limits },
    max_body_bytes: service.maxBodyBytes,
    max_tasks: service.maxTasks,
    rate_limit:
      service.rateLimitPerMinute === null
        ? null
        : {
            per_minute: service.rateLimitPerMinute,
            ...(service.rateLimitEndpoints !== undefined && { endpoints: [...service.rateLimitEndpoints] }),
            ...(service.rateLimitRealTime === true && { real_time: true }),
          },
    media: { audio_seconds: service.media?.audioSeconds ?? null },
  }
}

/** The endpoints a recording replays: the public API's (api/routes.ts). */
const ENDPOINTS: ReadonlySet<string> = new Set<RecordedEndpoint>(PUBLIC_ENDPOINTS)

export function sessionFromWorld(world: World, options: ExportOptions = {}): Session {
  const { scenario } = world
  const names = new Map<string, string>()
  const accounts: AccountRecord[] = []
  for (const account of world.accounts.values()) {
    const key = options.keepKeys === true ? account.apiKey : `${PLACEHOLDER_PREFIX}${names.size + 1}`
    names.set(account.apiKey, key)
    const [opening, ...later] = account.events.filter((event) => event.kind === 'top_up')
    const added = later.reduce((sum, event) => sum + event.credits, 0)
    accounts.push({ key, credits: opening?.credits ?? 0, ...(added > 0 && { note: `${added} credit(s) topped up later are not replayed` }) })
  }
  // A fault message, an error or an output may name a key: it is written as its placeholder too.
  const scrub = options.keepKeys === true ? (text: string) => text : scrubber(names)
  const entries = world.journal.entries()
  const reads = new Map<string, JournalEntry[]>()
  const requests: RequestRecord[] = []
  for (const entry of entries) {
    const key = entry.apiKey === null ? undefined : names.get(entry.apiKey)
    if (key === undefined || !ENDPOINTS.has(entry.endpoint)) continue
    const fired = entry.fault !== null && entry.fault !== 'none' ? entry.fault : null
    requests.push({
      key,
      endpoint: entry.endpoint as RecordedEndpoint,
      counted: entry.fault !== null,
      fault: fired === null ? null : recordedFault(fired, scrub),
    })
    // A stale read showed an old state on purpose: the fault replays it, it is no sighting of the task.
    if (entry.endpoint === 'get_task' && entry.status === 200 && entry.taskId !== null && fired === null) {
      const list = reads.get(entry.taskId) ?? []
      list.push(entry)
      reads.set(entry.taskId, list)
    }
  }
  const tasks: TaskHistory[] = []
  let start = world.startedAt
  for (const task of world.tasks.values()) {
    const key = names.get(task.apiKey)
    if (key === undefined) continue
    world.look(world.account(task.apiKey)!) // what clock time has made due, so a timeout that fell due is final here too
    start = Math.min(start, task.createdAt)
    const seen: Sighting[] = [{ at: task.createdAt, status: 'pending', read: false }]
    for (const entry of reads.get(task.id) ?? []) {
      if (entry.apiKey === task.apiKey && entry.taskStatus !== null) seen.push({ at: entry.at, status: entry.taskStatus, read: true })
    }
    const { completedAt, status } = task.position
    tasks.push({
      key,
      type: task.type,
      sourceId: task.id,
      createdAt: task.createdAt,
      seen,
      final:
        completedAt === null
          ? null
          : { status: status as FinalStatus, at: completedAt, error: task.error === null ? null : scrub(task.error), output: scrubDeep(task.output, scrub) },
    })
  }
  const { clock } = scenario
  const now = new Date(world.clock.now()).toISOString()
  const { dropped } = world.journal
  return {
    name: `${scenario.name}-export`,
    description: `The history of a run of scenario ${JSON.stringify(scenario.name)}, exported at ${now}.`,
    header: [
      `Exported by audio-task-mock from a run of scenario ${JSON.stringify(scenario.name)} (seed ${scenario.seed}) at ${now} on its clock:`,
      `${accounts.length} account(s), ${tasks.length} task(s), ${requests.filter((request) => request.fault !== null).length} fault(s) that fired.`,
      options.keepKeys === true ? 'API keys are written as they were.' : 'API keys are replaced by recorded-key-N (in the order the accounts were opened).',
      "Task ids, clip ids and media URLs are the replaying fake's own. Statuses change at the offsets the",
      "reads saw on the scenario clock; faults fire at the same positions (the key's nth request to that endpoint).",
      ...(dropped > 0 ? [`The journal had dropped its ${dropped} oldest request(s): faults and statuses they saw are missing.`] : []),
    ],
    seed: scenario.seed,
    clock:
      clock.mode === 'manual'
        ? { mode: 'manual', start, ...(clock.tickMs !== undefined && { tick: clock.tickMs }) }
        : { mode: 'auto', speed: clock.speed, start },
    service: serviceOf(scenario),
    accounts,
    tasks,
    requests,
    openEndedMs: OPEN_ENDED_MS,
  }
}
