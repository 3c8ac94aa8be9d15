/**
 * The dispatch's finishing step (decision 055), at every door: a bug in a route is the fake's JSON
 * 500 through msw, `mock.fetch`, the node server, a named world, `createApp` and the browser
 * worker alike, and the journal tells what was sent: a crash as its 500, a create whose durable
 * commit failed as the 503 the client got, naming no task. (Under msw 3 too: scripts/matrix.sh
 * runs test/contract with it.)
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'
import { describeDoors, expressDoor, httpDoor, inProcessDoor, worldDoor, type Fake } from '../support/doors.js'
import { exeDoors } from '../support/exe-door.js'
import { fetchDoor } from '../support/fetch-door.js'
import { browserDoor } from '../support/browser-door.js'

const music = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } }
const INTERNAL = 'Internal error in audio-task-mock (a bug, please report it): '

interface EntryView {
  endpoint: string
  status: number | null
  taskId?: string
  cause: { kind: string } | null
}

/** The journal's newest entry, as the admin API shows it. */
async function newest(fake: Fake): Promise<EntryView> {
  const page = (await fake.call('GET', '/__admin/journal?limit=1')).json as { entries: EntryView[] }
  return page.entries[0]!
}

describeDoors([inProcessDoor(), fetchDoor(), httpDoor(), worldDoor(), expressDoor(), browserDoor(), ...exeDoors()])('finishing step: $name', (door) => {
  let fake: Fake
  beforeAll(() => door.setup(), 60_000) // the browser door bundles its page and starts Chromium
  afterAll(() => door.teardown())
  afterEach(() => door.stop())
  const start = async () => {
    fake = await door.start(CONTRACT_SCENARIO)
    return fake.sabotage !== undefined
  }

  it.each([
    ['GET', '/api/v1/account/usage', 'usage', 'usage'],
    ['POST', '/api/v1/task', 'create', 'create'],
    ['GET', '/api/v1/task/00000000-0000-4000-8000-000000000000', 'read', 'get_task'],
  ] as const)('a route that throws on %s %s answers the JSON 500, journaled with its cause', async (method, path, broken, endpoint) => {
    if (!(await start())) return // the executable: nothing in it can be broken from here
    await fake.sabotage!({ crash: broken, message: 'the world broke' })
    const reply = await fake.call(method, path, { body: method === 'POST' ? music : undefined })
    expect(reply.status).toBe(500)
    expect(reply.headers.get('content-type')).toBe('application/json')
    expect(reply.json).toEqual({ code: 500, message: `${INTERNAL}the world broke` })
    expect(await newest(fake)).toMatchObject({ endpoint, status: 500, cause: { kind: 'internal' } })
    // The fake goes on serving.
    expect((await fake.call('GET', '/openapi.json')).status).toBe(200)
  })

  it('a create whose durable commit fails answers 503, and the journal shows that 503 and no task', async () => {
    if (!(await start())) return
    await fake.sabotage!({ failCommits: true, message: 'database or disk is full' })
    const reply = await fake.call('POST', '/api/v1/task', { body: music })
    expect(reply.status).toBe(503)
    expect(reply.json).toEqual({ code: 503, message: 'The task could not be saved to the state file: database or disk is full' })
    const entry = await newest(fake)
    expect(entry).toMatchObject({ endpoint: 'create', status: 503, cause: { kind: 'state' } })
    expect(entry.taskId ?? null).toBeNull()
    const journal = (await fake.call('GET', '/__admin/journal')).json as { entries: EntryView[] }
    expect(journal.entries.filter((entry) => entry.status === 202)).toEqual([])
  })
})
