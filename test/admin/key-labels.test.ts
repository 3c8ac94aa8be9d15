/**
 * Issue 39: 50 keys `key-01…key-50` showed as 10 labels (`ke…1`), and the filter `ke…1` selected
 * 5 keys. A key's label is unique among the keys in play, the same in every view (journal rows,
 * headers kept, report, formatted report) and a filter by a label selects exactly one key.
 */
import { describe, expect, it } from 'vitest'
import { createTask, getUsage } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'
import { formatReport } from '../../src/report/format-report.js'

const KEYS = Array.from({ length: 50 }, (_, index) => `key-${String(index + 1).padStart(2, '0')}`)
const SCENARIO = `version: 1\nseed: 3\naccounts:\n${KEYS.map((key) => `  - { api_key: ${key}, credits: 100 }`).join('\n')}\n`
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })

function busyMock(scenario = SCENARIO) {
  const mock = createMock({ scenario, wallNow: () => 0 })
  for (const apiKey of KEYS) {
    createTask(mock.world, { apiKey, origin: 'http://x', contentType: 'application/json', body })
    getUsage(mock.world, { apiKey, origin: 'http://x' })
    getUsage(mock.world, { apiKey, origin: 'http://x' })
  }
  return mock
}

describe('key labels', () => {
  it('gives 50 keys in play 50 labels, the same in journal rows, kept headers and the report', () => {
    const mock = busyMock()
    const rows = mock.journal({ limit: 1000 }).entries
    const labelOf = new Map<string, Set<string>>()
    for (const row of rows) {
      const key = row.api_key
      const seqKeys = labelOf.get(key) ?? new Set()
      seqKeys.add(mock.world.journal.entries().find((entry) => entry.seq === row.seq)!.apiKey!)
      labelOf.set(key, seqKeys)
    }
    expect(labelOf.size).toBe(50)
    for (const keys of labelOf.values()) expect(keys.size).toBe(1)
    expect(rows.find((row) => row.api_key.endsWith('…01'))).toBeDefined()

    const detail = mock.world.journal.exchange(rows[0]!.seq)!
    expect(detail.request.headers['x-api-key']).toBe(rows[0]!.api_key)

    const report = mock.report()
    const reportLabels = report.keys.map((key) => key.api_key)
    expect(new Set(reportLabels).size).toBe(50)
    expect(new Set(reportLabels)).toEqual(new Set(labelOf.keys()))
    const text = formatReport(report)
    for (const label of reportLabels) expect(text).toContain(`\n${label}: `)
  })

  it('selects exactly one key with a filter by label, in the journal and the report', () => {
    const mock = busyMock()
    for (const label of new Set(mock.journal({ limit: 1000 }).entries.map((row) => row.api_key))) {
      const page = mock.journal({ apiKey: label, limit: 1000 })
      expect(page.total, label).toBe(3)
      expect(new Set(page.entries.map((row) => row.api_key))).toEqual(new Set([label]))
      expect(mock.report({ apiKey: label }).keys.map((key) => key.api_key)).toEqual([label])
    }
    // Tasks and accounts: the label (what a shared link holds, never the key) selects the key's own.
    expect(mock.tasks.list({ apiKey: 'ke…07' }).map((task) => task.api_key)).toEqual(['key-07'])
    expect(mock.accounts.get('key-07').label).toBe('ke…07')
  })

  it('keeps the short mask where nothing collides, and a label never changes once shown', () => {
    const mock = createMock({ scenario: 'version: 1\naccounts:\n  - { api_key: demo-key, credits: 10 }\n  - { api_key: key-1, credits: 10 }\n' })
    getUsage(mock.world, { apiKey: 'key-1', origin: 'http://x' })
    getUsage(mock.world, { apiKey: 'demo-key', origin: 'http://x' })
    mock.accounts.create('kez-1', 5) // would collide with `ke…1`: the newcomer gets a longer label
    getUsage(mock.world, { apiKey: 'kez-1', origin: 'http://x' })
    getUsage(mock.world, { apiKey: 'key-1', origin: 'http://x' })
    const labels = mock.journal().entries.map((row) => row.api_key)
    expect(labels).toEqual(['ke…1', 'kez…1', 'demo…key', 'ke…1'])
    expect(mock.journal({ apiKey: 'ke…1' }).total).toBe(2)
    expect(mock.journal({ apiKey: 'kez…1' }).total).toBe(1)
  })
})
