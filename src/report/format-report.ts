/**
 * The client report as text for people: what the CLI prints on exit with `--report`, and the
 * message of a failed assertion. One line per violation, grouped by key.
 */
import type { ClientReport, KeySummary, Violation } from '../domain/report.js'

function statuses(key: KeySummary): string {
  return Object.entries(key.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ')
}

export function formatViolation(violation: Violation): string {
  const task = violation.task_id === null ? '' : ` task ${violation.task_id}`
  return `✗ ${violation.rule}${task}: ${violation.message}`
}

export function formatReport(report: ClientReport): string {
  const keys = report.keys.length
  const total = report.violations.length
  const head = `audio-task-mock client report: ${total === 0 ? 'no violations' : `${total} violation(s)`} in ${report.requests} request(s) from ${keys} key(s)`
  const { journal } = report
  const lines = [head]
  if (!journal.complete) {
    lines.push(`  (the journal dropped its ${journal.dropped} oldest entries, capacity ${journal.capacity}: this report covers the rest)`)
  }
  for (const key of report.keys) {
    const own = report.violations.filter((violation) => violation.api_key === key.api_key)
    const tasks = key.tasks.length
    lines.push(
      '',
      `${key.api_key}: ${key.requests} request(s) (${statuses(key)}), ${tasks} task(s), ${own.length === 0 ? 'no violations ✓' : `${own.length} violation(s)`}`,
    )
    for (const violation of own) lines.push(`  ${formatViolation(violation)}`)
  }
  if (total > 0) {
    const counts = Object.entries(report.counts)
      .filter(([, count]) => count > 0)
      .map(([rule, count]) => `${rule} ${count}`)
    lines.push('', `by rule: ${counts.join(', ')}`)
  }
  return `${lines.join('\n')}\n`
}
