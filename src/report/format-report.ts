/**
 * The client report as text for people: what the CLI prints on exit with `--report`, and the
 * message of a failed assertion. Grouped by key, then by rule; a rule a key broke many times
 * shows its counts, its first violations and where the rest are (the report narrowed to that rule
 * and key), so 2,000 tasks print a screenful, not 2,000 lines.
 */
import type { ClientReport, KeySummary, ReportGroup, Violation } from '../domain/report.js'

/** Violations shown per rule and key before "… and N more". */
export const SHOWN_PER_GROUP = 5

function statuses(key: KeySummary): string {
  return Object.entries(key.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
}

export function formatViolation(violation: Violation): string {
  const task = violation.task_id === null ? '' : ` task ${violation.task_id}`
  return `✗ ${violation.rule}${task}: ${violation.message}`
}

/** Where the rest of a group is: the admin report narrowed to its rule and key. */
export function groupLink(group: Pick<ReportGroup, 'rule' | 'api_key'>): string {
  return `GET /__admin/report?${new URLSearchParams({ rule: group.rule, api_key: group.api_key })}`.replace(/\+/g, '%20')
}

/** One rule of one key: a single violation on its line; more as a heading, the first few, and the link to the rest. */
function groupLines(group: ReportGroup, violations: readonly Violation[], shown: number): string[] {
  if (violations.length === 1) return [`  ${formatViolation(violations[0]!)}`]
  const lines = [`  ✗ ${group.rule}: ${group.violations} violation(s) by ${group.requests} request(s)`]
  for (const violation of violations.slice(0, shown)) {
    lines.push(`    ${violation.task_id === null ? '' : `task ${violation.task_id}: `}${violation.message}`)
  }
  if (violations.length > shown) lines.push(`    … and ${violations.length - shown} more: ${groupLink(group)}`)
  return lines
}

export function formatReport(report: ClientReport, options: { shown?: number } = {}): string {
  const shown = options.shown ?? SHOWN_PER_GROUP
  const keys = report.keys.length
  const total = report.violations.length
  const broke = total === 0 ? '' : `; ${report.requests_in_violation} request(s) broke a rule`
  const head = `audio-task-mock client report: ${total === 0 ? 'no violations' : `${total} violation(s)`} in ${report.requests} request(s) from ${keys} key(s)${broke}`
  const { journal } = report
  const lines = [head]
  if (!journal.complete) {
    lines.push(`  (the journal dropped its ${journal.dropped} oldest entries, capacity ${journal.capacity}: this report covers the rest)`)
  }
  for (const key of report.keys) {
    const own = key.violations === 0 ? 'no violations ✓' : `${key.violations} violation(s) by ${key.requests_in_violation} request(s)`
    lines.push('', `${key.api_key}: ${key.requests} request(s) (${statuses(key)}), ${key.tasks.length} task(s), ${own}`)
    for (const group of report.groups.filter((candidate) => candidate.api_key === key.api_key)) {
      const violations = report.violations.filter((violation) => violation.api_key === key.api_key && violation.rule === group.rule)
      lines.push(...groupLines(group, violations, shown))
    }
  }
  if (total > 0) {
    const counts = Object.entries(report.counts)
      .filter(([, count]) => count > 0)
      .map(([rule, count]) => `${rule} ${count}`)
    lines.push('', `by rule: ${counts.join(', ')}`)
  }
  return `${lines.join('\n')}\n`
}
