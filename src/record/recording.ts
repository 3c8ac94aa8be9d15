/**
 * What `audio-task-mock record` saw, exchange by exchange, kept as the scenario writer needs
 * it. API keys are replaced by `recorded-key-N` (in order of first appearance) the moment an
 * exchange arrives: the real keys live only in this object's memory, never in what it hands
 * out. Pure (no I/O): the proxy feeds it; tests can feed it directly.
 */
import { exceedsDepth } from '../api/json-depth.js'
import { MAX_DURATION_MS } from '../domain/duration.js'
import { DEFAULT_LIMITS, DEFAULT_VERSIONS } from '../scenario/defaults.js'
import { taskType } from '../domain/task-types/index.js'
import { isFinal, type Limits, type TaskType } from '../domain/types.js'
import { onUpstreamTime, upstreamRate, type ClockSample } from './upstream-clock.js'
import { availableIn, openingFrom402s, type Refusal } from './opening-credits.js'
import { RateLimitWatch } from './rate-limit-seen.js'
import { MAX_INFERRED_PROMPT } from './inferred-rules.js'
import { MAX_SCRUB_DEPTH, MIN_SECRET_LENGTH, REDACTED, scrubber, scrubDeep, scrubJsonText } from './scrub.js'
import type { AccountRecord, RequestRecord, Session, TaskHistory } from './session.js'
import {
  capped,
  createReachesFaults,
  credits,
  dropLargeOutput,
  faultOf,
  instant,
  isRecord,
  isStatus,
  isType,
  MAX_EXCHANGES,
  nonEmpty,
  parseJson,
  PLACEHOLDER_PREFIX,
  OPEN_ENDED_MS,
  endpointOf,
  type Answer,
  type Exchange,
} from './exchange.js'

export { endpointOf, MAX_EXCHANGES, MAX_RECORDED_MESSAGE_CHARS, MAX_RECORDED_OUTPUT_BYTES, OPEN_ENDED_MS, PLACEHOLDER_PREFIX } from './exchange.js'
export type { Exchange } from './exchange.js'

interface Usage {
  at: number
  toppedUp: number
  used: number
}

interface RecordedTask extends TaskHistory {
  /** The create's place in the session. */
  seq: number
  cost: number | null
  /** The upstream's created_at, ms. */
  upstreamCreatedAt: number | null
  /** completed_at − created_at as the upstream said, once seen final. */
  took: number | null
}

export class Recording {
  readonly #keys = new Map<string, string>()
  /** Secrets that are not keys (credentials of the upstream URL, Authorization headers), each replaced by REDACTED. */
  readonly #secrets = new Set<string>()
  readonly #tasks = new Map<string, RecordedTask>()
  /** In order of arrival (`seq`); `limited`: a 429 naming the upstream's rate limit (its X-RateLimit-Limit). */
  readonly #requests: Array<RequestRecord & { seq: number; limited: number | null; refusal: boolean }> = []
  /** Per key: its creates the upstream refused for credits, with the balance each named (opening-credits.ts). */
  readonly #refusals = new Map<string, Refusal[]>()
  readonly #rateLimit = new RateLimitWatch()
  readonly #usage = new Map<string, Usage>()
  /** The upstream clock against the recorder's, kept as tasks arrive and end (upstream-clock.ts). */
  #earliest: ClockSample | null = null
  #latest: ClockSample | null = null
  readonly #durations = { wall: 0, upstream: 0, count: 0 }
  readonly #scaled = new WeakMap<RecordedTask, { stamp: string; task: TaskHistory }>()
  /** Per placeholder: requests answered, and whether one was accepted (2xx) and one refused with 401. */
  readonly #answers = new Map<string, { requests: number; accepted: boolean; unauthorized: boolean }>()
  readonly #versions = new Set<string>(DEFAULT_VERSIONS)
  readonly #prices: Partial<Record<TaskType, number>> = {}
  readonly #longest: Partial<Record<keyof Limits, number>> = {}
  /** The scrubber for the keys and secrets known so far; null when one was added since. */
  #scrub: ((text: string) => string) | null = null
  #model: string | null = null
  #first: number | null = null
  #last: number | null = null
  #exchanges = 0
  /** Exchanges not kept (past MAX_EXCHANGES). */
  skipped = 0
  /** Reads of tasks this recording did not see created: the replay has no such task. */
  unknownReads = 0
  /** Requests the proxy answered itself (the upstream never answered them): not recorded. */
  unanswered = 0

  /** `secrets`: texts never to write (the upstream URL's credentials); keys seen are replaced by their placeholders anyway. */
  constructor(options: { secrets?: readonly string[] } = {}) {
    for (const secret of options.secrets ?? []) this.#secret(secret)
  }

  #secret(value: string): void {
    // An Authorization value is also secret without its scheme ("Bearer abc" → "abc").
    for (const part of [value, value.replace(/^\S+\s+/, '')]) {
      if (part.length >= MIN_SECRET_LENGTH && !this.#secrets.has(part)) {
        this.#secrets.add(part)
        this.#scrub = null
      }
    }
  }

  /**
   * The text with every key seen replaced by its placeholder and every other secret by REDACTED:
   * an upstream that echoes a key in a message ("key sk-… was revoked") must not get it written.
   */
  scrub(text: string): string {
    this.#scrub ??= scrubber([...this.#keys, ...[...this.#secrets].map((secret): [string, string] => [secret, REDACTED])])
    return this.#scrub(text)
  }

  get exchanges(): number {
    return this.#exchanges
  }

  get taskCount(): number {
    return this.#tasks.size
  }

  /** Faults the file holds (not the 401s of unknown keys, nor 429s the replay's rate limit gives). */
  get faultCount(): number {
    return this.#requestsToReplay(this.#unknownKeys(), this.#rateLimit.limit?.perMinute ?? null).filter((request) => request.fault !== null).length
  }

  /** The placeholder standing for a key (assigned on first sight). */
  placeholder(apiKey: string): string {
    let found = this.#keys.get(apiKey)
    if (found === undefined) {
      found = `${PLACEHOLDER_PREFIX}${this.#keys.size + 1}`
      this.#keys.set(apiKey, found)
      this.#scrub = null
    }
    return found
  }

  /** Records one exchange; returns the key's placeholder (null without a key), or undefined when it was not kept. */
  add(raw: Exchange): string | null | undefined {
    const route = endpointOf(raw.method, raw.path)
    if (route === null) return null
    if (raw.own === true) {
      // The proxy's own 502/504/413 is not the service's answer: the replay must not give it.
      this.unanswered += 1
      return undefined
    }
    if (this.#exchanges >= MAX_EXCHANGES) {
      this.skipped += 1
      return undefined
    }
    this.#exchanges += 1
    this.#first ??= raw.at
    this.#last = raw.at
    if (raw.apiKey === null || raw.apiKey === '') return null // the fake answers a keyless request 401 itself
    const key = this.placeholder(raw.apiKey)
    for (const secret of raw.secrets ?? []) this.#secret(secret)
    // From here on nothing of the exchange holds a key or a secret.
    const scrub = (text: string): string => this.scrub(text)
    const exchange: Exchange = { ...raw, apiKey: key, secrets: [], body: scrubJsonText(raw.body, scrub) }
    const answer = this.#answer(raw.response)
    const { status } = answer
    const counted = route.endpoint !== 'create' || createReachesFaults(exchange)
    // A read of a task the key does not own is the replaying fake's own 404: its message names the id
    // the client sent (the replay's id), where the upstream's would name an id the replay never had.
    const ownAnswer = route.endpoint === 'get_task' && status === 404
    const fault = counted && status >= 400 && status <= 599 && !ownAnswer ? faultOf(answer) : null
    // Kept in order of arrival (answers may come back in another order): usually this is the end.
    const seq = exchange.seq ?? this.#exchanges
    let at = this.#requests.length
    while (at > 0 && this.#requests[at - 1]!.seq > seq) at -= 1
    this.#rateLimit.see(answer.headers, exchange.at)
    const limited = status === 429 ? RateLimitWatch.limitOf(answer.headers) : null
    const available = route.endpoint === 'create' && status === 402 && isRecord(answer.value) ? availableIn(answer.value['message']) : null
    if (available !== null) this.#refusals.set(key, [...(this.#refusals.get(key) ?? []), { seq, at: exchange.at, available }])
    this.#requests.splice(at, 0, { seq, key, endpoint: route.endpoint, counted, fault, limited, refusal: available !== null })
    const answers = this.#answers.get(key) ?? { requests: 0, accepted: false, unauthorized: false }
    answers.requests += 1
    answers.accepted ||= status >= 200 && status < 300
    answers.unauthorized ||= status === 401
    this.#answers.set(key, answers)
    if (status >= 200 && status < 300) {
      const payload = isRecord(answer.value) && isRecord(answer.value['data']) ? answer.value['data'] : null
      if (payload !== null) {
        if (route.endpoint === 'create') this.#created(key, exchange, payload, seq)
        else if (route.endpoint === 'get_task') this.#read(key, exchange.at, route.taskId!, payload, answer.outputNote)
        else this.#used(key, exchange.at, payload)
      }
    }
    return key
  }

  /**
   * The answer parsed once, an output over the cap dropped before anything walks it, then its
   * strings scrubbed on their decoded values (an echo escaped as JSON, `sk\/live` or `\u0073k`, is
   * the key too); a text that is not JSON is scrubbed as text.
   */
  #answer(response: Exchange['response']): Answer {
    const scrub = (text: string): string => this.scrub(text)
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, scrub(value)]))
    const parsed = exceedsDepth(response.body, MAX_SCRUB_DEPTH) ? undefined : parseJson(response.body)
    if (parsed === undefined) return { status: response.status, headers, value: undefined, text: scrub(response.body) }
    const outputNote = dropLargeOutput(parsed, response.body.length)
    return { status: response.status, headers, value: scrubDeep(parsed, scrub), text: '', ...(outputNote !== undefined && { outputNote }) }
  }

  #created(key: string, exchange: Exchange, data: Record<string, unknown>, seq: number): void {
    const id = data['task_id']
    const request = parseJson(exchange.body)
    const body = isRecord(request) ? request : {}
    const type = isType(data['type']) ? data['type'] : isType(body['task_type']) ? body['task_type'] : null
    if (typeof id !== 'string' || type === null || this.#tasks.has(id)) return
    const cost = credits(data['credits_charged'])
    if (cost !== null) this.#prices[type] ??= cost
    if (nonEmpty(body['model'])) this.#model ??= body['model']
    const input = isRecord(body['input']) ? body['input'] : {}
    if (nonEmpty(input['mv'])) this.#versions.add(input['mv'])
    this.#measure(type, input)
    const field = taskType(type).promptField ?? null
    const text = field === null ? undefined : input[field]
    const prompt = field !== null && typeof text === 'string' && text !== '' && text.length <= MAX_INFERRED_PROMPT ? { field, text } : undefined
    this.#tasks.set(id, {
      ...(prompt !== undefined && { prompt }),
      seq,
      key,
      type,
      sourceId: id,
      createdAt: exchange.at,
      seen: [{ at: exchange.at, status: 'pending', read: false }],
      final: null,
      cost,
      upstreamCreatedAt: instant(data['created_at']),
      took: null,
    })
    const upstream = instant(data['created_at'])
    if (upstream !== null) {
      const sample = { wall: exchange.at, upstream }
      if (this.#earliest === null || sample.wall < this.#earliest.wall) this.#earliest = sample
      if (this.#latest === null || sample.wall >= this.#latest.wall) this.#latest = sample
    }
  }

  /** Longest text inputs accepted, so the replay's limits accept them too (each type's `limits`). */
  #measure(type: TaskType, input: Record<string, unknown>): void {
    for (const [name, { field }] of Object.entries(taskType(type).limits ?? {})) {
      const value = input[field]
      const limit = name as keyof Limits
      if (typeof value === 'string') this.#longest[limit] = Math.max(this.#longest[limit] ?? 0, value.length)
    }
  }

  #read(key: string, at: number, id: string, data: Record<string, unknown>, outputNote: string | undefined): void {
    const task = this.#tasks.get(id)
    if (task === undefined || task.key !== key) {
      this.unknownReads += 1
      return
    }
    const status = data['status']
    if (!isStatus(status) || task.final !== null) return
    // Answers may come back out of order: keep the sightings in order of time.
    const after = task.seen.findLastIndex((seen) => seen.at <= at)
    task.seen.splice(after + 1, 0, { at, status, read: true })
    const cost = credits(data['credits_cost'])
    if (cost !== null) this.#prices[task.type] ??= cost
    if (!isFinal(status)) return
    const created = instant(data['created_at']) ?? task.upstreamCreatedAt
    const completed = instant(data['completed_at'])
    task.took = created !== null && completed !== null && completed >= created && completed - created <= MAX_DURATION_MS ? completed - created : null
    task.final = {
      status,
      // The upstream's own account of how long the task took, on the recorder's time line.
      at: task.took === null ? null : task.createdAt + task.took,
      error: typeof data['error'] === 'string' && data['error'] !== '' ? capped(data['error']) : null,
      output: data['output'] ?? null,
      ...(outputNote !== undefined && { note: outputNote }),
    }
    // The end lies between the last sighting before it and the first after: halfway is the best guess.
    const end = task.seen.findIndex((seen) => isFinal(seen.status))
    if (task.took !== null && end >= 1) {
      this.#durations.wall += (task.seen[end - 1]!.at + task.seen[end]!.at) / 2 - task.createdAt
      this.#durations.upstream += task.took
      this.#durations.count += 1
    }
  }

  #used(key: string, at: number, data: Record<string, unknown>): void {
    const toppedUp = credits(data['credits_topped_up'])
    const used = credits(data['credits_used'])
    if (this.#usage.has(key) || toppedUp === null || used === null) return
    this.#usage.set(key, { at, toppedUp, used })
  }

  /**
   * The requests the writer places faults by: none of keys unknown upstream, and, when the rate
   * limit is replayed, the 429s of that limit neither faults nor counted (the replay's limiter
   * refuses before the faults, and a refused request uses no fault position up).
   */
  #requestsToReplay(unknown: ReadonlySet<string>, perMinute: number | null): RequestRecord[] {
    const kept = unknown.size === 0 ? this.#requests : this.#requests.filter((request) => !unknown.has(request.key))
    const byLedger = this.#ledgerOpenings()
    if (perMinute === null && byLedger.size === 0) return kept
    return kept.map((request) => {
      if (perMinute !== null && request.limited === perMinute) return { ...request, counted: false, fault: null }
      // A 402 the replay's ledger gives again: it still reached the faults (they come first), as in the replay.
      if (request.refusal && byLedger.has(request.key)) return { ...request, fault: null }
      return request
    })
  }

  /** Per key whose 402s named its balance consistently: the credits it opened with (opening-credits.ts). */
  #ledgerOpenings(): Map<string, number> {
    const openings = new Map<string, number>()
    for (const [key, refusals] of this.#refusals) {
      const charges = [...this.#tasks.values()]
        .filter((task) => task.key === key)
        .map((task) => ({
          seq: task.seq,
          at: task.createdAt,
          cost: task.cost,
          refundedAt: task.seen.find((seen) => seen.status === 'failure' || seen.status === 'timeout')?.at ?? null,
        }))
      const opening = openingFrom402s(refusals, charges)
      if (opening !== null) openings.set(key, opening)
    }
    return openings
  }

  /** The upstream clock's rate against the recorder's (upstream-clock.ts). */
  #rate(): number {
    const creations = this.#earliest === this.#latest ? [this.#earliest].filter((sample) => sample !== null) : [this.#earliest!, this.#latest!]
    return upstreamRate(creations, this.#durations.count === 0 ? [] : [this.#durations])
  }

  /** A task on the upstream's time line, kept while the task and the rate are unchanged (so the writer keeps its piece too). */
  #onUpstreamTime(task: RecordedTask, first: number, rate: number): TaskHistory {
    const stamp = `${rate}:${first}:${task.seen.length}:${task.final?.status ?? '-'}`
    const kept = this.#scaled.get(task)
    if (kept?.stamp === stamp) return kept.task
    const scaled = onUpstreamTime(task, task.took, first, rate)
    this.#scaled.set(task, { stamp, task: scaled })
    return scaled
  }

  /**
   * Keys the upstream refused with 401 and never accepted: unknown there, so no account here.
   * The replaying fake answers them 401 itself (its own message), whatever they ask.
   */
  #unknownKeys(): Set<string> {
    return new Set([...this.#answers].filter(([, answers]) => answers.unauthorized && !answers.accepted).map(([key]) => key))
  }

  /** Credits each key opens with in the replay: what it had before the session, as far as seen. */
  #accounts(unknown: ReadonlySet<string>): AccountRecord[] {
    const byKey = new Map<string, RecordedTask[]>()
    for (const task of this.#tasks.values()) {
      const list = byKey.get(task.key)
      if (list === undefined) byKey.set(task.key, [task])
      else list.push(task)
    }
    const byLedger = this.#ledgerOpenings()
    return [...this.#keys.values()]
      .filter((key) => !unknown.has(key))
      .map((key) => {
        const tasks = byKey.get(key) ?? []
        const opening = byLedger.get(key)
        if (opening !== undefined) return { key, credits: opening, note: "credits: what its 402s say it had (the replay's ledger answers them)" }
        const charged = tasks.reduce((sum, task) => sum + (task.cost ?? 0), 0)
        const usage = this.#usage.get(key)
        if (usage === undefined) {
          return { key, credits: charged, note: `credits: what its ${tasks.length} task(s) charged (no usage was read)` }
        }
        // Tasks created before the usage read count in credits_used unless already refunded then.
        const frozenOrSpent = tasks
          .filter((task) => task.createdAt <= usage.at)
          .filter((task) => !task.seen.some((seen) => seen.at <= usage.at && (seen.status === 'failure' || seen.status === 'timeout')))
          .reduce((sum, task) => sum + (task.cost ?? 0), 0)
        const before = Math.max(0, usage.toppedUp - usage.used + frozenOrSpent)
        return { key, credits: Math.max(before, charged), note: `credits: available before the session, from its first usage read` }
      })
  }

  /**
   * The upstream's limit as the replay's `service.rate_limit`. On a replay clock faster or slower
   * than real time, a limiter that counted real seconds (a real service's) counts real minutes in
   * the replay too (`real_time`), so its 429 comes after the same count and its Retry-After says
   * the same seconds.
   */
  #rateLimitWritten(): Record<string, unknown> {
    const rate = this.#rate()
    const real = rate !== 1 && rate !== 0 && this.#rateLimit.countsRealTime(rate)
    return { per_minute: this.#rateLimit.limit!.perMinute, ...(real && { real_time: true }) }
  }

  #service(): Record<string, unknown> {
    const limits = Object.fromEntries(Object.entries(this.#longest).filter(([limit, length]) => length > DEFAULT_LIMITS[limit as keyof Limits]))
    return {
      ...(this.#model !== null && { model: this.#model }),
      versions: [...this.#versions],
      ...(Object.keys(this.#prices).length > 0 && { prices: { ...this.#prices } }),
      // Every task's timeline ends as recorded: no deadline of the fake's own.
      timeout_after: null,
      ...(this.#rateLimit.limit !== null && { rate_limit: this.#rateLimitWritten() }),
      ...(Object.keys(limits).length > 0 && { limits }),
    }
  }

  /** The session so far, ready for the writer. `upstream` is written in the header: pass it without credentials. */
  session(meta: { upstream: string; wallNow: number }): Session {
    const recorded = [...this.#tasks.values()]
    const unknown = this.#unknownKeys()
    const first = this.#first ?? meta.wallNow
    const rate = this.#rate()
    const limit = this.#rateLimit.limit
    const tasks = rate === 1 ? recorded : recorded.map((task) => this.#onUpstreamTime(task, first, rate))
    // The replay's clock starts where the upstream's clock stood when the session began, so a
    // client replaying at the recorded offsets sees the recorded created_at and completed_at.
    const anchor = recorded.find((task) => task.upstreamCreatedAt !== null)
    const start = anchor === undefined ? first : anchor.upstreamCreatedAt! - Math.round((anchor.createdAt - first) * rate)
    const iso = (ms: number): string => new Date(ms).toISOString()
    const header = [
      `Recorded by audio-task-mock record from ${meta.upstream}`,
      `between ${iso(first)} and ${iso(this.#last ?? first)}: ${this.#exchanges} request(s), ${tasks.length} task(s), ${this.#keys.size} key(s), ${this.faultCount} fault(s).`,
      'API keys are replaced by recorded-key-N (in order of first use); clients replaying it send those.',
      "Task ids, clip ids and media URLs are the replaying fake's own. Statuses change at the recorded",
      `offsets on the scenario clock (${rate === 0 ? 'manual: the upstream clock never moved' : `auto, speed ${rate}`}); errors the upstream answered are faults at`,
      "the same positions (the key's nth request to that endpoint).",
      ...(rate !== 1 && rate !== 0
        ? [`The upstream's timestamps moved ${rate} times as fast as the wall clock: the replay's clock does too, so its durations are the upstream's.`]
        : []),
      ...(this.unknownReads > 0
        ? [`${this.unknownReads} read(s) of tasks created before the recording are not replayed (those tasks do not exist there).`]
        : []),
      ...(this.skipped > 0 ? [`${this.skipped} request(s) past the first ${MAX_EXCHANGES} were forwarded but not recorded.`] : []),
      ...(this.unanswered > 0
        ? [
            `${this.unanswered} request(s) got no answer from the upstream (unreachable, too slow, or too large): the proxy's own`,
            "502/504/413 is not the service's answer, so they are not recorded; a replaying client that sends them again gets the fake's answer.",
          ]
        : []),
      ...(limit !== null
        ? [
            `The upstream's rate limit, ${limit.perMinute} requests a minute per key (told by its X-RateLimit-* headers), is the scenario's`,
            "service.rate_limit: its 429s come from the replay's limiter, not from faults at fixed positions.",
          ]
        : []),
      ...(this.#rateLimit.unreplayed === null ? [] : [`Rate limit: ${this.#rateLimit.unreplayed}`]),
      ...[...unknown].map(
        (key) => `${key} was answered 401 on each of its ${this.#answers.get(key)!.requests} request(s): it has no account, so the replay answers it 401 too.`,
      ),
    ]
    return {
      name: `recorded-${iso(first).slice(0, 19).replace(/[:T]/g, '-')}`,
      description: `Replays a session recorded from ${meta.upstream} on ${iso(first)}.`,
      header,
      seed: 1,
      clock: rate === 0 ? { mode: 'manual', start } : { mode: 'auto', speed: rate, start },
      service: this.#service(),
      accounts: this.#accounts(unknown),
      tasks,
      // In order of arrival: the upstream counted them as they came.
      requests: this.#requestsToReplay(unknown, limit?.perMinute ?? null),
      openEndedMs: OPEN_ENDED_MS,
    }
  }
}
