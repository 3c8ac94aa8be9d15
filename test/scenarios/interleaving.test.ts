/**
 * A task's life depends only on itself (decision 038), in every bundled scenario: one key's
 * client session gets the same bytes (status, headers, body) alone and interleaved with another
 * key's traffic (creates, reads, usage, a read of the first key's task, requests without a key).
 * In-process through `mock.fetch`, with a wall clock that stands still (slow-queue's auto clock).
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { bodies, SCENARIOS_DIR } from '../support/bundled.js'

const BASE = 'http://audio.interleave.test'
const WALL = Date.parse('2030-01-01T00:00:00.000Z')
const names = readdirSync(SCENARIOS_DIR)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''))
  .sort()

type Send = (key: string | null, method: string, path: string, body?: unknown) => Promise<string>

function sender(mock: Mock): Send {
  return async (key, method, path, body) => {
    const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key }
    if (body !== undefined) headers['content-type'] = 'application/json'
    try {
      const response = await mock.fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return JSON.stringify([response.status, [...response.headers], await response.text()])
    } catch (error) {
      return `dropped: ${(error as Error).message}`
    }
  }
}

/** The fake with `mine` and `theirs` as its first two keys (`theirs` opened by the admin API when the scenario has one key). */
function fake(name: string): { mock: Mock; mine: string; theirs: string } {
  const mock = createMock({ scenario: name, baseUrl: BASE, wallNow: () => WALL })
  const keys = mock.accounts.list().map((account) => account.api_key)
  const mine = keys.find((key) => mock.accounts.get(key).available > 0)!
  const theirs = keys.find((key) => key !== mine) ?? 'their-key'
  if (!keys.includes(theirs)) mock.accounts.create(theirs, 1_000)
  return { mock, mine, theirs }
}

/** Another client's traffic, run before each of the session's requests when interleaving. */
function noise(send: Send, theirs: string, mine: () => string | undefined): () => Promise<void> {
  const ids: string[] = []
  let turn = 0
  return async () => {
    turn += 1
    const created = await send(theirs, 'POST', '/api/v1/task', turn % 2 === 0 ? bodies.music('theirs, fail') : bodies.lyrics())
    const id: unknown = created.startsWith('[202,') ? JSON.parse(JSON.parse(created)[2]).data.task_id : undefined
    if (typeof id === 'string') ids.push(id)
    for (const id of ids.slice(-3)) await send(theirs, 'GET', `/api/v1/task/${id}`)
    await send(theirs, 'GET', '/api/v1/account/usage')
    await send(null, 'GET', '/api/v1/account/usage')
    const target = mine()
    if (target !== undefined) await send(theirs, 'GET', `/api/v1/task/${target}`)
  }
}

/** One client: a batch of four creates (music, lyrics, upload, a music prompt that fails), then polls and usage. */
async function session(name: string, interleaved: boolean): Promise<string[]> {
  const { mock, mine, theirs } = fake(name)
  const send = sender(mock)
  const ids: string[] = []
  const before = interleaved ? noise(send, theirs, () => ids[0]) : async () => {}
  const answers: string[] = []
  const ask = async (method: string, path: string, body?: unknown) => {
    await before()
    const answer = await send(mine, method, path, body)
    answers.push(answer)
    return answer
  }
  for (const body of [bodies.music(), bodies.lyrics(), bodies.upload(), bodies.music('this one will fail')]) {
    const answer = await ask('POST', '/api/v1/task', body)
    if (answer.startsWith('[202,')) ids.push(JSON.parse(JSON.parse(answer)[2]).data.task_id)
  }
  for (let round = 0; round < 6; round++) for (const id of ids) await ask('GET', `/api/v1/task/${id}`)
  await ask('GET', '/api/v1/account/usage')
  await ask('GET', '/api/v1/task/no-such-task')
  return answers
}

describe.each(names)("scenarios/%s.yaml: one key's answers alone and interleaved with another key's traffic", (name) => {
  it('are the same bytes', async () => {
    const alone = await session(name, false)
    expect(alone.filter((answer) => answer.startsWith('[202,')).length).toBeGreaterThan(0)
    expect(await session(name, true)).toEqual(alone)
  })
})
