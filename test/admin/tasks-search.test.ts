/** The task list searched by part of an id or of an error's text (issue 29), in-process and over HTTP. */
import { afterEach, describe, expect, it } from 'vitest'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'

const SCENARIO = `version: 1
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
  - { api_key: qa-key, credits: 100 }
rules:
  - match: { input: { gpt_description_prompt: { contains: artist } } }
    timeline: [{ status: failure, error: "the prompt names an Artist" }]
`
const body = (prompt: string) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

async function createTwo(fetcher: (body: unknown) => Promise<Response>): Promise<string[]> {
  const ids: string[] = []
  for (const prompt of ['a calm piano piece', 'in the style of an artist']) {
    ids.push(((await (await fetcher(body(prompt))).json()) as { data: { task_id: string } }).data.task_id)
  }
  return ids
}

describe('task search', () => {
  let mock: Mock | null = null
  let running: RunningServer | null = null
  afterEach(async () => {
    await running?.close()
    running = null
    mock = null
  })

  it('finds tasks by part of their id or their error, in-process', async () => {
    mock = createMock({ scenario: SCENARIO })
    const post = (payload: unknown) =>
      mock!.fetch('http://127.0.0.1/api/v1/task', {
        method: 'POST',
        headers: { 'x-api-key': 'qa-key', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    const [calm, failed] = await createTwo(post)
    expect(mock.tasks.list({ text: 'ARTIST' }).map((task) => task.task_id)).toEqual([failed])
    expect(mock.tasks.list({ text: calm!.slice(3, 12) }).map((task) => task.task_id)).toEqual([calm])
    expect(mock.tasks.list({ text: 'nothing like this' })).toEqual([])
  })

  it('answers GET /__admin/tasks?q= over HTTP, and refuses a search over 200 characters', async () => {
    running = await startServer({ scenario: SCENARIO })
    const post = (payload: unknown) =>
      fetch(`${running!.url}/api/v1/task`, {
        method: 'POST',
        headers: { 'x-api-key': 'qa-key', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    const [, failed] = await createTwo(post)
    const found = (await (await fetch(`${running.url}/__admin/tasks?q=names%20an`)).json()) as Array<{ task_id: string; error: string }>
    expect(found.map((task) => [task.task_id, task.error])).toEqual([[failed, 'the prompt names an Artist']])
    const refused = await fetch(`${running.url}/__admin/tasks?q=${'x'.repeat(201)}`)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toMatch(/q: .*at most 200 characters/)
  })
})
