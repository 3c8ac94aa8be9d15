/**
 * The report at 2,000 tasks (issue 39): one rule broken by every task printed a line per
 * violation (and the inspector a table per violation). The text report and the assertion's message
 * show each rule and key with its counts, a few violations, and where the rest are.
 */
import { expect, it } from 'vitest'
import { createTask, getTask } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'
import { assertNoViolations } from '../../src/report/assert-report.js'
import { formatReport } from '../../src/report/format-report.js'

const body = (index: number) => JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: `rain ${index}` } })

function busy() {
  const mock = createMock({
    scenario: 'version: 1\nseed: 4\naccounts:\n  - { api_key: key-01, credits: 100000 }\n  - { api_key: key-11, credits: 100000 }\n',
    wallNow: () => 0,
  })
  for (let index = 0; index < 2_000; index++) {
    const apiKey = index % 2 === 0 ? 'key-01' : 'key-11'
    const created = createTask(mock.world, { apiKey, origin: 'http://x', contentType: 'application/json', body: body(index) }).response!
    const id = (JSON.parse(created.body) as { data: { task_id: string } }).data.task_id
    // Every 10th task of each key is read twice at once: poll_too_fast, and never to its end.
    if (index % 20 < 2) for (let read = 0; read < 2; read++) getTask(mock.world, { apiKey, origin: 'http://x' }, id)
  }
  return mock
}

it('prints each rule and key with its counts, the first violations, and where the rest are', () => {
  const mock = busy()
  const report = mock.report()
  expect(report.violations).toHaveLength(2_200)
  const text = formatReport(report)
  const lines = text.trimEnd().split('\n')
  expect(lines.length).toBeLessThan(40)
  expect(text).toMatch(/^audio-task-mock client report: 2200 violation\(s\) in 2400 request\(s\) from 2 key\(s\); 2200 request\(s\) broke a rule\n/)
  expect(text).toContain('\nke…01: 1200 request(s) (200×200, 202×1000), 1000 task(s), 1100 violation(s) by 1100 request(s)\n')
  expect(text).toContain('\n  ✗ never_read_to_final: 1000 violation(s) by 1000 request(s)\n')
  expect(text).toContain('\n    … and 995 more: GET /__admin/report?rule=never_read_to_final&api_key=ke%E2%80%A601\n')
  expect(lines.filter((line) => line.startsWith('    task '))).toHaveLength(4 * 5)
})

it('narrows the report to one rule, as the link to the rest asks', () => {
  const mock = busy()
  const narrowed = mock.report({ apiKey: 'ke…11', rule: 'poll_too_fast' })
  expect(narrowed.violations).toHaveLength(100)
  expect(new Set(narrowed.violations.map((violation) => [violation.rule, violation.api_key].join(' ')))).toEqual(new Set(['poll_too_fast ke…11']))
  expect(narrowed.groups).toEqual([{ rule: 'poll_too_fast', api_key: 'ke…11', violations: 100, requests: 100 }])
  // The requests behind a group, and behind one of its violations, as the inspector's links ask the journal.
  const behind = mock.journal({ apiKey: 'ke…11', rule: 'poll_too_fast', limit: 1000 })
  expect(behind.total).toBe(100)
  expect(new Set(behind.entries.map((entry) => entry.endpoint))).toEqual(new Set(['get_task']))
  const one = narrowed.violations[0]!
  expect(mock.journal({ rule: 'poll_too_fast', taskId: one.task_id! }).entries.map((entry) => entry.seq)).toEqual(one.requests)
})

it('lists a few violations per rule and key in a failed assertion, and how many more', () => {
  const mock = busy()
  let message = ''
  try {
    assertNoViolations(mock.report())
  } catch (error) {
    message = (error as Error).message
  }
  expect(message.split('\n').length).toBeLessThan(30)
  expect(message).toMatch(/^expected the client to break no rule, but it broke 2200:\n/)
  expect(message).toContain('\n  [ke…11] … and 995 more never_read_to_final violation(s) (error.violations holds them all)')
})
