/** A journal entry's cause in a few words, as the inspector, the HAR export and a run's diff say it. */
import type { Cause } from '../domain/exchange.js'

/** `fault #1 (line 12): respond`, `ledger: available 3 < 10`, `validation: input.prompt`; '' for a normal answer. */
export function causeText(cause: Cause | null): string {
  if (cause === null) return ''
  switch (cause.kind) {
    case 'fault':
      return `fault #${cause.index}${cause.line === null ? '' : ` (line ${cause.line})`}: ${cause.action}`
    case 'ledger':
      return `ledger: available ${cause.available} < ${cause.required}`
    case 'validation':
      return `validation${cause.field === null ? '' : `: ${cause.field}`}`
    case 'auth':
      return `auth: ${cause.reason.replace('_', ' ')}`
    case 'rate_limit':
      return 'rate limiter'
    default:
      return cause.kind.replace('_', ' ')
  }
}
