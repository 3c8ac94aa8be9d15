/** The report `verify` prints: a table of checks, then each failure with the response that caused it. */
import type { VerifyResult } from './run-verify.js'

const BODY_LIMIT = 2_000

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd(),
  )
}

export function formatVerifyReport(result: VerifyResult): string {
  const rows = [
    ['result', 'check', 'what'],
    ...result.checks.map((check) => [check.outcome.toUpperCase(), check.id, check.note ? `${check.title} (${check.note})` : check.title]),
  ]
  const lines = [`audio-task-mock verify ${result.baseUrl}`, '', ...table(rows)]
  const failed = result.checks.filter((check) => check.outcome === 'fail')
  for (const check of failed) {
    lines.push('', `FAIL ${check.id}: ${check.title}`)
    for (const problem of check.problems) lines.push(`  - ${problem}`)
    const exchange = check.exchange
    if (exchange !== undefined) {
      const body = exchange.body.length > BODY_LIMIT ? `${exchange.body.slice(0, BODY_LIMIT)}... (${exchange.body.length} characters)` : exchange.body
      lines.push(
        `  request:  ${exchange.request}`,
        `  response: HTTP ${exchange.status}, content-type ${exchange.contentType ?? 'none'}`,
        `  body:     ${body}`,
      )
    }
  }
  const count = (outcome: string) => result.checks.filter((check) => check.outcome === outcome).length
  lines.push(
    '',
    `${result.checks.length} checks: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped; ${result.paid} paid task${result.paid === 1 ? '' : 's'} created`,
  )
  return `${lines.join('\n')}\n`
}
