/**
 * `stale: true`: a read gets the last known state, as a service answers when it cannot reach its
 * upstream: the task does not advance (the read counts towards no `polls`), the ledger shows no
 * refund that fell due since. Only reads have a last known state: creates and asset downloads
 * pass a stale fault by, uncounted.
 */
import { READ_ENDPOINTS } from '../endpoint.js'
import { faultKind } from './fault-kind.js'

export interface StaleAction {
  stale: true
}

export const stale = faultKind({
  key: 'stale',
  actionKey: 'stale',
  schema: ({ z, expecting }) =>
    z
      .literal(true, { error: expecting('true') })
      .optional()
      .describe('Answer the last known state without asking upstream (the task does not advance).'),
  example: true,
  only: { endpoints: READ_ENDPOINTS, because: 'answers a read with the last known state' },
  compile: (): StaleAction => ({ stale: true }),
  write: () => true as const,
  outcome: () => ({ answer: 'stale', delayMs: 0 }),
})
