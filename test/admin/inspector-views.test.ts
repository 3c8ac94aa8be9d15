/**
 * What the admin API gained for the inspector, through every driver where the Control has it and
 * over HTTP otherwise: a task's steps in its view, the `type` filter on tasks, and the journal's
 * `offset` and `seq` filters (the report's violations name requests by sequence number).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const lyrics = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'a song about rain' } }
const music = (prompt: string) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

describe('admin views for the inspector (over HTTP and in-process)', () => {
  let running: RunningServer | null = null
  afterEach(async () => {
    await running?.close()
    running = null
  })

  async function setup() {
    running = await startServer({ scenario: CONTRACT_SCENARIO })
    const base = running.url
    const create = async (body: unknown) => {
      const response = await fetch(`${base}/api/v1/task`, {
        method: 'POST',
        headers: { 'x-api-key': 'key-a', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(202)
      return ((await response.json()) as { data: { task_id: string } }).data.task_id
    }
    const admin = async (path: string) => {
      const response = await fetch(`${base}/__admin${path}`)
      return { status: response.status, json: (await response.json()) as any }
    }
    return { running, create, admin }
  }

  it('shows the steps of a task’s timeline; existing fields unchanged', async () => {
    const { create, admin, running } = await setup()
    const failing = await create(music('please fail'))
    const view = (await admin(`/tasks/${failing}`)).json
    expect(view.steps).toEqual([
      { status: 'pending', polls: 1, for_ms: null, error: null },
      { status: 'failure', polls: null, for_ms: null, error: 'upstream rejected the prompt' },
    ])
    expect(view.position).toMatchObject({ step: 0, steps: 2, status: 'pending', reads: 0 })
    expect(running.tasks.get(failing).steps).toEqual(view.steps)
  })

  it('filters tasks by type, alone and with key and status', async () => {
    const { create, admin, running } = await setup()
    const song = await create(music('calm'))
    const words = await create(lyrics)
    expect((await admin('/tasks?type=lyrics')).json.map((task: any) => task.task_id)).toEqual([words])
    expect((await admin('/tasks?type=music&api_key=key-a&status=pending')).json.map((task: any) => task.task_id)).toEqual([song])
    expect((await admin('/tasks?type=upload')).json).toEqual([])
    expect(running.tasks.list({ type: 'lyrics' }).map((task) => task.task_id)).toEqual([words])
    expect(await admin('/tasks?type=song')).toEqual({
      status: 400,
      json: { code: 400, message: 'query parameter type: expected one of music, lyrics, upload, concat, got "song"' },
    })
  })

  it('pages the journal with offset and picks requests by sequence number', async () => {
    const { create, admin, running } = await setup()
    for (let i = 0; i < 5; i++) await create(music(`tune ${i}`))
    const seqs = (page: any) => page.entries.map((entry: any) => entry.seq)
    expect(seqs((await admin('/journal?limit=2')).json)).toEqual([5, 4])
    expect(seqs((await admin('/journal?limit=2&offset=2')).json)).toEqual([3, 2])
    expect((await admin('/journal?limit=2&offset=4')).json).toMatchObject({ total: 5, entries: [{ seq: 1 }] })
    expect((await admin('/journal?offset=9')).json).toMatchObject({ total: 5, entries: [] })
    expect(seqs((await admin('/journal?seq=4,1,99')).json)).toEqual([4, 1])
    expect(running.journal({ limit: 1, offset: 1 }).entries.map((entry) => entry.seq)).toEqual([4])
    for (const [query, message] of [
      ['offset=-1', 'query parameter offset: expected a number of entries to skip, 0 or more, got "-1"'],
      ['seq=1,,2', 'query parameter seq: expected journal sequence numbers like "3,4,5" (at most 1000), got "1,,2"'],
      [
        'seq=' + Array.from({ length: 1001 }, (_, i) => i + 1).join(','),
        expect.stringMatching(/^query parameter seq: expected journal sequence numbers like "3,4,5" \(at most 1000\)/),
      ],
    ] as const) {
      expect(await admin(`/journal?${query}`), query).toEqual({ status: 400, json: { code: 400, message } })
    }
  })

  it('the in-process mock answers the same filters', () => {
    const mock = createMock({ scenario: CONTRACT_SCENARIO })
    expect(mock.tasks.list({ type: 'concat' })).toEqual([])
    expect(mock.journal({ offset: 3 }).entries).toEqual([])
  })
})
