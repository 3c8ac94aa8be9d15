/**
 * Assertions on the client report for test suites: a plain function that throws with the list
 * of violations (any test runner), and a matcher for `expect.extend` (vitest, jest).
 */
import type { ClientReport, Violation } from '../domain/report.js'
import type { ReportRule } from '../domain/report-rules.js'
import { formatViolation, SHOWN_PER_GROUP } from './format-report.js'

export interface ViolationOptions {
  /** Rules to leave out, e.g. `['never_read_to_final']` for a test that stops mid-task on purpose. */
  ignore?: readonly ReportRule[]
}

/** A line per violation, at most SHOWN_PER_GROUP per rule and key, then how many more. */
function listed(violations: readonly Violation[]): string[] {
  const seen = new Map<string, number>()
  const lines: string[] = []
  for (const violation of violations) {
    const group = `${violation.api_key}\n${violation.rule}`
    const count = (seen.get(group) ?? 0) + 1
    seen.set(group, count)
    if (count <= SHOWN_PER_GROUP) lines.push(violationLine(violation))
  }
  for (const [group, count] of seen) {
    const [apiKey, rule] = group.split('\n')
    if (count > SHOWN_PER_GROUP) lines.push(`  [${apiKey}] … and ${count - SHOWN_PER_GROUP} more ${rule} violation(s) (error.violations holds them all)`)
  }
  return lines
}

export class ClientReportError extends Error {
  readonly violations: readonly Violation[]

  constructor(violations: readonly Violation[]) {
    super(`expected the client to break no rule, but it broke ${violations.length}:\n${listed(violations).join('\n')}`)
    this.name = 'ClientReportError'
    this.violations = violations
  }
}

/** One violation as a line of a list: `  [demo…key] ✗ rule task ID: message`. */
export const violationLine = (violation: Violation): string => `  [${violation.api_key}] ${formatViolation(violation)}`

function isReport(value: unknown): value is ClientReport {
  return typeof value === 'object' && value !== null && Array.isArray((value as ClientReport).violations) && 'counts' in value
}

export function violationsOf(report: ClientReport, options: ViolationOptions = {}): Violation[] {
  const ignored = new Set(options.ignore ?? [])
  return report.violations.filter((violation) => !ignored.has(violation.rule))
}

/** Throws a ClientReportError listing every violation (less the ignored rules). */
export function assertNoViolations(report: ClientReport, options: ViolationOptions = {}): void {
  if (!isReport(report)) throw new TypeError('assertNoViolations expects a client report (mock.report() or GET /__admin/report)')
  const found = violationsOf(report, options)
  if (found.length > 0) throw new ClientReportError(found)
}

/** `expect.extend(clientReportMatchers)`, then `expect(mock.report()).toHaveNoViolations()`. */
export const clientReportMatchers = {
  toHaveNoViolations(received: unknown, options: ViolationOptions = {}): { pass: boolean; message: () => string } {
    if (!isReport(received)) {
      return { pass: false, message: () => 'expected a client report (mock.report() or GET /__admin/report)' }
    }
    const found = violationsOf(received, options)
    return {
      pass: found.length === 0,
      message: () => (found.length === 0 ? 'expected the client to break a rule, but the report has no violations' : new ClientReportError(found).message),
    }
  },
}
