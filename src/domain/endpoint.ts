/**
 * The public endpoints a request can be for: faults match them (`match.endpoint`), the journal
 * records them, and a fault kind may meet only some of them (src/domain/fault-kinds/). Its own
 * file so that the fault kinds, which types.ts derives `FaultAction` from, need not import
 * types.ts back.
 */

export const ENDPOINTS = ['create', 'get_task', 'usage', 'asset'] as const

export type Endpoint = (typeof ENDPOINTS)[number]

/** The endpoints that read state, and so have a last known answer to give (a `stale` fault). */
export const READ_ENDPOINTS: readonly Endpoint[] = ['get_task', 'usage']
