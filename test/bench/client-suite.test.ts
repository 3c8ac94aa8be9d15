/**
 * The client suite the bench times (bench/cases/client-suite.ts) is a real suite: its checks
 * pass against the fake through every door, and each one can fail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_CHECKS, CLIENT_SCENARIO, type SuiteContext } from '../../bench/cases/client-suite.js'
import { httpDoor, inProcessDoor, type Door } from '../support/doors.js'

async function context(door: Door, scenario = CLIENT_SCENARIO): Promise<SuiteContext> {
  const fake = await door.start(scenario)
  return {
    mock: fake.mock,
    call: async (method, path, key, body) => {
      const reply = await fake.call(method, path, { key, body })
      return { status: reply.status, json: reply.json }
    },
  }
}

describe.each([inProcessDoor(), httpDoor()])('bench client suite: $name', (door: Door) => {
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  afterEach(() => door.stop())

  it.each(CLIENT_CHECKS)('%s', async (_name, run) => {
    await run(await context(door))
  })

  it('fails when the fake does not behave as the checks expect', async () => {
    const wrong = CLIENT_SCENARIO.replace(
      '{ status: pending, polls: 1 }, { status: running, polls: 1 }, { status: success }',
      '{ status: failure, error: nope }',
    )
    const failures: string[] = []
    for (const [name, run] of CLIENT_CHECKS) {
      await door.stop()
      await run(await context(door, wrong)).catch(() => failures.push(name))
    }
    expect(failures).toEqual(['a new task is pending', 'it runs, then succeeds with two clips'])
  })
})
