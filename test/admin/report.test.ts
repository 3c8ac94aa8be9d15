/** The client report end to end, through every driver: clients get the report they deserve. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assertNoViolations, clientReportMatchers } from '../../src/report/assert-report.js'
import { formatReport } from '../../src/report/format-report.js'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, music, readTask } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

expect.extend(clientReportMatchers)
declare module 'vitest' {
  interface Assertion {
    toHaveNoViolations(options?: { ignore?: string[] }): void
  }
}

const RATE_LIMITED = `${CONTRACT_SCENARIO}
faults:
  - match: { endpoint: get_task, times: 1 }
    respond: { status: 429, headers: { Retry-After: "2" } }
`

describe.each(allDrivers())('client report: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  /** Polls until a final status; `pause` is the client's sleep (here it moves the fake's clock). */
  async function poll(id: string, key: string, pause: () => void) {
    for (;;) {
      const reply = await readTask(fake, id, key)
      if (reply.status === 200 && ['success', 'failure', 'timeout'].includes(reply.json.data.status)) return reply
      pause()
    }
  }

  it('flags a client that polls in a tight loop and keeps reading after the end; passes one that waits 5 s', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const hasty = await createTask(fake, 'key-a')
    await poll(hasty, 'key-a', () => undefined)
    await readTask(fake, hasty, 'key-a')
    const calm = await createTask(fake, 'key-b')
    await poll(calm, 'key-b', () => fake.mock.clock.advance('5s'))

    const bad = await fake.control.report({ apiKey: 'key-a' })
    expect(bad.ok).toBe(false)
    expect(bad.violations.map((violation: { rule: string; count: number }) => [violation.rule, violation.count])).toEqual([
      ['poll_too_fast', 4],
      ['read_after_final', 1],
    ])
    expect(() => assertNoViolations(bad)).toThrow(/broke 2:\n {2}\[ke…a\] ✗ poll_too_fast task .*: 4 read\(s\) less than 1 s after the previous one/)
    expect(() => expect(bad).toHaveNoViolations()).toThrow(/read_after_final/)

    const good = await fake.control.report({ apiKey: 'key-b' })
    expect(good).toMatchObject({ ok: true, requests: 5, keys: [{ api_key: 'ke…b', tasks: [{ task_id: calm, read_to_final: true, reads: 4 }] }] })
    expect(good.keys[0].tasks[0].shortest_gap_ms).toBeGreaterThanOrEqual(5000)
    expect(good).toHaveNoViolations()
    expect(formatReport(await fake.control.report())).toMatch(
      /^audio-task-mock client report: 2 violation\(s\) in 11 request\(s\) from 2 key\(s\); 4 request\(s\) broke a rule\n\nke…a: 6 request\(s\) \(200×5, 202×1\), 1 task\(s\), 2 violation\(s\) by 4 request\(s\)\n {2}✗ poll_too_fast/,
    )
  })

  it('flags retries that cannot succeed: after a 401, after a 402 without a top-up, and inside Retry-After', async () => {
    fake = await driver.start(RATE_LIMITED)
    for (let i = 0; i < 3; i++) await fake.call('GET', '/api/v1/account/usage', { key: 'wrong-key' })
    for (let i = 0; i < 2; i++) await fake.call('POST', '/api/v1/task', { key: 'broke', body: music() })
    await fake.control.accounts.topUp('broke', 1)
    await fake.call('POST', '/api/v1/task', { key: 'broke', body: music() })
    const id = await createTask(fake)
    expect((await readTask(fake, id)).status).toBe(429)
    fake.mock.clock.advance('1s')
    await readTask(fake, id)
    const report = await fake.control.report()
    expect(report.counts).toMatchObject({ repeat_after_401: 1, retry_after_402: 1, retry_after_ignored: 1 })
    expect(report.violations.find((violation: { rule: string }) => violation.rule === 'repeat_after_401')).toMatchObject({ api_key: 'wron…key', count: 2 })
    expect(() => assertNoViolations(report, { ignore: ['repeat_after_401', 'retry_after_402', 'retry_after_ignored', 'never_read_to_final'] })).not.toThrow()
  })

  it('flags the same create sent twice within a second as a possible double charge', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const first = await createTask(fake)
    const second = await createTask(fake)
    fake.mock.clock.advance('1s')
    await createTask(fake)
    const report = await fake.control.report()
    const duplicates = report.violations.filter((violation: { rule: string }) => violation.rule === 'duplicate_create')
    expect(duplicates).toHaveLength(1)
    expect(duplicates[0]).toMatchObject({ task_id: second, count: 2, requests: [1, 2] })
    expect(first).not.toBe(second)
  })
})
