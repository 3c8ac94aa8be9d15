/**
 * `run --fail-on-violations [--ignore-rules LIST]`: the client report fails the command, as the
 * GitHub Action's `fail-on-violations` fails a job (action/post.mjs): when COMMAND passed, any
 * violation left after the ignored rules makes `run` exit 1; COMMAND's own failure keeps its code.
 * Every world counts: the default one, each named world still there at the end, and each named
 * world removed while COMMAND ran (its violations are taken as it goes).
 */
import type { Violation } from '../domain/report.js'
import type { ReportRule } from '../domain/report-rules.js'
import { violationLine, violationsOf } from '../report/assert-report.js'
import { parseRuleList } from '../report/rule-list.js'
import type { RunningServer } from '../server/start-server.js'

export interface ReportGate {
  failOnViolations: boolean
  ignore: ReportRule[]
}

/** The run-only flags, taken out of `args` (the rest are the server's), or the mistake in them. */
export function takeReportFlags(args: readonly string[]): { gate: ReportGate; rest: string[] } | { error: string } {
  const rest: string[] = []
  const lists: string[] = []
  let failOnViolations = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--fail-on-violations') failOnViolations = true
    else if (arg.startsWith('--ignore-rules=')) lists.push(arg.slice('--ignore-rules='.length))
    else if (arg === '--ignore-rules') {
      const value = args[++i]
      if (value === undefined || value.startsWith('-'))
        return { error: '--ignore-rules expects rule names, e.g. --ignore-rules never_read_to_final,poll_too_fast' }
      lists.push(value)
    } else rest.push(arg)
  }
  const parsed = parseRuleList(lists)
  if (!parsed.ok) return { error: parsed.message }
  if (lists.length > 0 && !failOnViolations) return { error: '--ignore-rules needs --fail-on-violations (it names the rules that do not fail the command)' }
  return { gate: { failOnViolations, ignore: parsed.rules }, rest }
}

interface Found {
  /** null: the default world. */
  world: string | null
  violation: Violation
}

/** Violations listed at most; the count says how many more there were. */
export const MAX_LISTED = 200

export interface Verdict {
  failed: boolean
  /** The verdict line, then one line per violation (at most MAX_LISTED). */
  lines: string[]
}

/** Starts taking the violations of named worlds as they go; `check` then reads every world. */
export function watchReports(running: RunningServer, gate: ReportGate): { check(): Verdict | null } {
  if (!gate.failOnViolations) return { check: () => null }
  const gone: Found[] = []
  let goneUnlisted = 0
  const take = (world: string | null, report: ReturnType<RunningServer['report']>): Found[] =>
    violationsOf(report, { ignore: gate.ignore }).map((violation) => ({ world, violation }))
  running.worlds.subscribe({
    created: () => undefined,
    removed: (name, core) => {
      const found = take(name, core.report())
      const room = Math.max(0, MAX_LISTED - gone.length)
      gone.push(...found.slice(0, room))
      goneUnlisted += found.length - Math.min(room, found.length)
    },
  })
  return {
    check() {
      const live = running.worlds.list().flatMap(({ name }) => {
        const core = running.worlds.peek(name)
        return core === undefined ? [] : take(name, core.report())
      })
      const found = [...take(null, running.report()), ...gone, ...live]
      const total = found.length + goneUnlisted
      const ignoring = gate.ignore.length === 0 ? '' : ` (ignoring ${gate.ignore.join(', ')})`
      if (total === 0) return { failed: false, lines: [`audio-task-mock run: the client report lists no violations${ignoring}`] }
      const shown = found.slice(0, MAX_LISTED)
      const lines = [
        `audio-task-mock run: the client report lists ${total} violation${total === 1 ? '' : 's'} (--fail-on-violations)${ignoring}:`,
        ...shown.map(({ world, violation }) => (world === null ? violationLine(violation) : `  world ${world}: ${violationLine(violation).trimStart()}`)),
      ]
      if (total > shown.length) lines.push(`  … and ${total - shown.length} more`)
      return { failed: true, lines }
    },
  }
}
