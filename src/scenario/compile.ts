/**
 * A validated scenario file → the domain's `Scenario`: durations in milliseconds, regular
 * expressions compiled, timeline names resolved, defaults filled in. Call it only on data that
 * passed the schema and the checks (load.ts does both); it trusts what they guarantee.
 */
import { parseDuration } from '../domain/duration.js'
import { FAULT_KINDS, type AnyFaultKind } from '../domain/fault-kinds/index.js'
import type { Fault, FaultAction, FieldPredicate, Rule, RuleMatch, Scenario, Step, TextPattern, Timeline } from '../domain/types.js'
import { DEFAULT_TIMELINE_STEPS } from './defaults.js'
import { compilePattern } from './fields.js'
import type { ScenarioFile } from './schema.js'

type StepFile = ScenarioFile['timelines'][string][number]
type TimelineRefFile = StepFile[] | string
type RuleFile = ScenarioFile['rules'][number]
type FaultFile = ScenarioFile['faults'][number]
type PredicateFile = NonNullable<NonNullable<RuleFile['match']>['input']>[string]

export function compileScenario(file: ScenarioFile, fallbackName = 'scenario'): Scenario {
  const timelines = new Map<string, Timeline>()
  for (const [name, steps] of Object.entries(file.timelines)) timelines.set(name, { name, steps: steps.map(compileStep) })
  if (!timelines.has('default')) timelines.set('default', { name: 'default', steps: DEFAULT_TIMELINE_STEPS })
  const { service, clock } = file
  return {
    name: file.name ?? fallbackName,
    description: file.description,
    seed: file.seed,
    clock:
      clock.mode === 'manual'
        ? { mode: 'manual', startMs: Date.parse(clock.start), ...(clock.tick !== undefined && { tickMs: durationMs(clock.tick) }) }
        : { mode: 'auto', startMs: clock.start === undefined ? null : Date.parse(clock.start), speed: clock.speed },
    service: {
      model: service.model,
      versions: service.versions,
      defaultVersion: service.default_version,
      prices: service.prices,
      timeoutAfterMs: service.timeout_after === null ? null : durationMs(service.timeout_after),
      limits: service.limits,
      maxBodyBytes: service.max_body_bytes,
      maxInputBytes: service.max_input_bytes,
      maxTasks: service.max_tasks,
      rateLimitPerMinute: service.rate_limit?.per_minute ?? null,
      ...(service.rate_limit?.endpoints !== undefined && { rateLimitEndpoints: service.rate_limit.endpoints }),
      ...(service.rate_limit?.real_time === true && { rateLimitRealTime: true as const }),
      media: { audioSeconds: service.media.audio_seconds, maxAudioSeconds: service.media.max_audio_seconds },
    },
    accounts: file.accounts.map((account) => ({ apiKey: account.api_key, credits: account.credits })),
    timelines,
    defaultTimeline: timelines.get('default') ?? { name: 'default', steps: DEFAULT_TIMELINE_STEPS },
    rules: file.rules.map((rule, index) => compileRule(rule, `rules.${index}`, timelines)),
    faults: file.faults.map(compileFault),
  }
}

function durationMs(text: string): number {
  const ms = parseDuration(text)
  if (ms === null) throw new Error(`compileScenario: ${JSON.stringify(text)} is not a duration; validate the file first`)
  return ms
}

function pattern(source: string): TextPattern {
  const compiled = compilePattern(source)
  if (!compiled.ok) throw new Error(`compileScenario: ${JSON.stringify(source)} is not a pattern (${compiled.reason}); validate the file first`)
  return compiled.pattern
}

function compileStep(step: StepFile): Step {
  switch (step.status) {
    case 'pending':
    case 'running':
      return {
        status: step.status,
        ...(step.polls !== undefined && { polls: step.polls }),
        ...(step.for !== undefined && { forMs: durationMs(step.for) }),
        ...(step.progress !== undefined && { progress: step.progress }),
      }
    case 'success':
      return step.output === undefined ? { status: 'success' } : { status: 'success', output: step.output }
    case 'failure':
      return { status: 'failure', error: step.error }
    case 'timeout':
      return { status: 'timeout' }
  }
}

/** A named timeline, or one written in place, named after where it is (`rules.2`, `rules.2.one_of.0`). */
function resolveTimeline(ref: TimelineRefFile, inlineName: string, timelines: ReadonlyMap<string, Timeline>): Timeline {
  if (Array.isArray(ref)) return { name: inlineName, steps: ref.map(compileStep) }
  const timeline = timelines.get(ref)
  if (timeline === undefined) throw new Error(`compileScenario: unknown timeline ${JSON.stringify(ref)}; validate the file first`)
  return timeline
}

function compileRule(rule: RuleFile, name: string, timelines: ReadonlyMap<string, Timeline>): Rule {
  const { input, ...rest } = rule.match ?? {}
  const match: RuleMatch = { ...withoutUndefined(rest) }
  if (input !== undefined) {
    match.input = Object.fromEntries(Object.entries(input).map(([field, test]) => [field, compilePredicate(test)]))
  }
  if (rule.timeline !== undefined) return { match, timeline: resolveTimeline(rule.timeline, name, timelines) }
  const oneOf = (rule.one_of ?? []).map((choice, index) => ({
    weight: choice.weight,
    timeline: resolveTimeline(choice.timeline, `${name}.one_of.${index}`, timelines),
  }))
  return { match, oneOf }
}

function compilePredicate(test: PredicateFile): FieldPredicate {
  if (test.contains !== undefined) return { contains: test.contains }
  if (test.matches !== undefined) return { matches: pattern(test.matches) }
  if (test.exists !== undefined) return { exists: test.exists }
  return { equals: test.equals }
}

function compileFault(fault: FaultFile): Fault {
  const match = withoutUndefined(fault.match ?? {})
  return { match, action: compileAction(fault) }
}

/** The action of the one kind's key the fault holds (src/domain/fault-kinds/). */
function compileAction(fault: FaultFile): FaultAction {
  for (const kind of FAULT_KINDS as readonly AnyFaultKind[]) {
    const value = fault[kind.key]
    if (value !== undefined) return kind.compile(value)
  }
  throw new Error('compileScenario: a fault without an action; validate the file first')
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
}
