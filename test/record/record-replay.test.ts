/**
 * Record and replay, end to end: a fake on a loopback port plays the real service, a client
 * session goes through `record`'s proxy, the written scenario is replayed on a fresh fake, and
 * the two sessions' answers must agree field by field (ids and origins normalised). Both fakes
 * and the recorder follow wall clocks the test moves: nothing sleeps.
 */
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { startRecordProxy, type RecordProxy } from '../../src/proxy/record-proxy.js'
import { parseUpstream } from '../../src/record/upstream-url.js'
import { clientSession, KEY, normalise, OTHER_KEY, PLACEHOLDERS, UPSTREAM_SCENARIO } from './session-support.js'

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

async function recordSession(): Promise<{ upstream: RunningServer; proxy: RecordProxy; answers: Awaited<ReturnType<typeof clientSession>>; lines: string[] }> {
  let wall = Date.parse('2026-11-02T10:00:00.000Z')
  const upstream = await startServer({ scenario: UPSTREAM_SCENARIO, wallNow: () => wall })
  started.push(upstream)
  const lines: string[] = []
  const target = parseUpstream(upstream.url.replace('http://', 'http://qa-user:hunter2-PASSWORD@'))
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target, now: () => wall, onExchange: (line) => lines.push(line) })
  started.push(proxy)
  const answers = await clientSession(proxy.url, { key: KEY, other: OTHER_KEY }, (ms) => (wall += ms))
  return { upstream, proxy, answers, lines }
}

async function replay(yaml: string): Promise<Awaited<ReturnType<typeof clientSession>>> {
  let wall = Date.parse('2027-05-05T12:00:00.000Z')
  const fake = await startServer({ scenario: yaml, wallNow: () => wall })
  started.push(fake)
  return clientSession(fake.url, { key: 'recorded-key-1', other: 'recorded-key-2' }, (ms) => (wall += ms))
}

describe('record, then replay', () => {
  it('replays the same statuses at the same offsets, the same errors, messages and outputs', async () => {
    const { answers, proxy } = await recordSession()
    const statuses = answers.map((answer) => answer.status)
    expect(statuses).toContain(429)
    expect(statuses).toContain(500)
    expect(statuses).toContain(503)
    const bodies = JSON.stringify(answers)
    expect(bodies).toContain(`key ${OTHER_KEY} may not read usage`) // the upstream echoed a key: the file must not
    for (const status of ['"success"', '"failure"', '"timeout"', '"running"']) expect(bodies).toContain(status)

    // The proxy is transparent: the same session straight against an identical upstream answers the same.
    let wall = Date.parse('2026-11-02T10:00:00.000Z')
    const direct = await startServer({ scenario: UPSTREAM_SCENARIO, wallNow: () => wall })
    started.push(direct)
    expect(normalise(await clientSession(direct.url, { key: KEY, other: OTHER_KEY }, (ms) => (wall += ms)))).toEqual(normalise(answers))

    const yaml = proxy.yaml()
    const parsed = parseScenario(yaml, 'recorded.yaml')
    expect(parsed.ok ? [] : parsed.errors).toEqual([])
    const replayed = await replay(yaml)
    expect(normalise(replayed)).toEqual(normalise(answers, PLACEHOLDERS))
  })

  it('writes no key, no credentials, and logs none', async () => {
    const { proxy, lines } = await recordSession()
    const written = proxy.yaml() + lines.join('\n')
    for (const secret of [KEY, OTHER_KEY, 'SECRET', 'hunter2', 'qa-user']) expect(written).not.toContain(secret)
    expect(written).toMatch(
      /^# Recorded by audio-task-mock record from http:\/\/127\.0\.0\.1:\d+ \(credentials removed\)\n# between 2026-11-02T10:00:00\.000Z and 2026-11-02T10:/,
    )
    expect(lines[0]).toBe('POST /api/v1/task → 202 (recorded-key-1)')
  })
})

it("docs/scenarios.md's recorded scenario is one the loader accepts", () => {
  const page = readFileSync(new URL('../../docs/scenarios.md', import.meta.url), 'utf8')
  const block = /```yaml\n(# Recorded by audio-task-mock record[\s\S]*?)```/.exec(page)
  expect(block).not.toBeNull()
  const parsed = parseScenario(block![1]!, 'docs/scenarios.md')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])
})
