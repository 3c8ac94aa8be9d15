/**
 * Export, end to end: the client session runs on a fake, `GET /__admin/export` writes its
 * history as a scenario, a fresh fake replays it, and the two sessions' answers agree field by
 * field (ids and origins normalised). Also in-process (`mock.export()`), and with a manual clock
 * a test moves between reads.
 */
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'
import { clientSession, KEY, normalise, OTHER_KEY, PLACEHOLDERS, UPSTREAM_SCENARIO } from './session-support.js'

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

describe('GET /__admin/export', () => {
  it('answers YAML that replays the run: statuses at the same offsets, errors, messages, outputs', async () => {
    let wall = Date.parse('2026-11-02T10:00:00.000Z')
    const source = await startServer({ scenario: UPSTREAM_SCENARIO, wallNow: () => wall })
    started.push(source)
    const answers = await clientSession(source.url, { key: KEY, other: OTHER_KEY }, (ms) => (wall += ms))

    const response = await fetch(`${source.url}/__admin/export`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    const yaml = await response.text()
    expect(yaml).toBe(source.export())
    expect(yaml).not.toContain(KEY)
    expect(yaml).not.toContain(OTHER_KEY)
    expect(yaml).toMatch(/^# Exported by audio-task-mock from a run of scenario "upstream" \(seed 7\) at 2026-03-01T08:0/)
    const parsed = parseScenario(yaml, 'export.yaml')
    expect(parsed.ok ? [] : parsed.errors).toEqual([])

    let replayWall = Date.parse('2027-01-01T00:00:00.000Z')
    const replay = await startServer({ scenario: yaml, wallNow: () => replayWall })
    started.push(replay)
    const replayed = await clientSession(replay.url, { key: 'recorded-key-1', other: 'recorded-key-2' }, (ms) => (replayWall += ms))
    expect(normalise(replayed)).toEqual(normalise(answers, PLACEHOLDERS))
  })

  it('keeps the keys when asked (?keys=keep), and says what is wrong with a bad query', async () => {
    const source = await startServer({ scenario: UPSTREAM_SCENARIO })
    started.push(source)
    expect(await (await fetch(`${source.url}/__admin/export?keys=keep`)).text()).toContain(`api_key: ${KEY}`)
    const bad = await fetch(`${source.url}/__admin/export?keys=all`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ code: 400, message: 'query parameter keys: expected placeholder (recorded-key-N, the default) or keep, got "all"' })
  })
})

describe('mock.export() in-process, manual clock', () => {
  it('replays reads made at one clock instant by their count (polls), and later ones by time', async () => {
    const scenario = `
version: 1
accounts: [{ api_key: test-key, credits: 100 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, polls: 2 }, { status: success, output: { result: [{ title: "Kept title" }] } }]
  slow: [{ status: pending, for: 30s }, { status: running, for: 1m }, { status: failure, error: "no GPU left" }]
rules:
  - { match: { task_type: lyrics }, timeline: slow }
`
    const run = async (fake: ReturnType<typeof createMock>, key: string): Promise<unknown[]> => {
      const server = setupServer(...fake.handlers)
      server.listen({ onUnhandledRequest: 'error' })
      try {
        const headers = { 'x-api-key': key, 'content-type': 'application/json' }
        const post = (body: unknown) => fetch('https://audio.test/api/v1/task', { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json())
        const read = (id: string) => fetch(`https://audio.test/api/v1/task/${id}`, { headers }).then((r) => r.json())
        const music = (await post({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'x' } })) as { data: { task_id: string } }
        const lyrics = (await post({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'y' } })) as { data: { task_id: string } }
        const seen: unknown[] = []
        for (let i = 0; i < 5; i++) seen.push(await read(music.data.task_id)) // no clock move: reads alone move it
        for (let i = 0; i < 6; i++) {
          fake.clock.advance('20s')
          seen.push(await read(lyrics.data.task_id))
        }
        return seen
      } finally {
        server.close()
      }
    }
    const source = createMock({ scenario, baseUrl: 'https://audio.test' })
    const answers = await run(source, 'test-key')
    const yaml = source.export()
    expect(yaml).toContain('- { status: pending, polls: 1 }')
    const replayed = await run(createMock({ scenario: yaml, baseUrl: 'https://audio.test' }), 'recorded-key-1')
    const statuses = (list: unknown[]) => list.map((answer) => (answer as { data: { status: string } }).data.status)
    expect(statuses(answers)).toEqual(['pending', 'running', 'running', 'success', 'success', 'pending', 'running', 'running', 'running', 'failure', 'failure'])
    const wrap = (list: unknown[]) => list.map((body) => ({ label: '', status: 200, retryAfter: null, body }))
    expect(normalise(wrap(replayed))).toEqual(normalise(wrap(answers)))
  })
})
