/**
 * The client report of a world, as `GET /__admin/report` answers it: keys as the world labels
 * them, narrowed to one key (whole or by its label) and to one rule when asked.
 */
import { buildReport, type ClientReport } from '../domain/report.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { check, reportQuery } from './admin-schemas.js'
import { keyOfFilter } from './key-filter.js'

export function clientReport(host: MockHandle, query: unknown): ClientReport {
  const { api_key, rule } = check(reportQuery, query, 'query')
  const { world } = host
  const { journal } = world
  const key = api_key === undefined ? undefined : keyOfFilter(world, api_key)
  // A label that names no key in play selects no request.
  const entries = api_key !== undefined && key === undefined ? [] : journal.entries()
  const label = (apiKey: string | null) => world.keyLabel(apiKey)
  return buildReport(
    { entries, recorded: journal.recorded, dropped: journal.dropped, capacity: journal.capacity, label },
    { ...(api_key === undefined ? {} : { apiKey: key }), ...(rule === undefined ? {} : { rule }) },
  )
}
