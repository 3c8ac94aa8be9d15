import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { count } from '../support/long.js'
import { startCli, type Started } from '../support/spawn-cli.js'

const SCENARIO = 'version: 1\nname: kill-load\nseed: 7\naccounts:\n  - { api_key: load-a, credits: 10000000 }\n  - { api_key: load-b, credits: 10000000 }\n'
/** Acknowledged creates before the SIGKILL: 100 in `npm test`, 1000 in `npm run test:long`. */
const KILL_AT = count(100, 1000)
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'a song about durability' } })

async function setup(): Promise<{ scenario: string; state: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'atm-durable-'))
  const scenario = join(dir, 'kill-load.yaml')
  await writeFile(scenario, SCENARIO)
  return { scenario, state: join(dir, 'world.json') }
}

/** Creates tasks from six loops and kills the server mid-load, once `killAt` were acknowledged; every 202's id with its key. */
async function loadUntilKilled(cli: Started, killAt: number): Promise<Map<string, string>> {
  const acknowledged = new Map<string, string>()
  let dead = false
  const kill = (): void => {
    if (dead) return
    dead = true
    cli.child.kill('SIGKILL')
  }
  const worker = async (apiKey: string): Promise<void> => {
    for (let i = 0; i < 5000 && !dead; i++) {
      try {
        const response = await fetch(`${cli.url}/api/v1/task`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: lyrics,
        })
        if (response.status !== 202) throw new Error(`create answered ${response.status}`)
        acknowledged.set(((await response.json()) as { data: { task_id: string } }).data.task_id, apiKey)
        if (acknowledged.size >= killAt) kill()
      } catch (error) {
        if (dead) return
        throw error
      }
    }
  }
  const workers = ['load-a', 'load-b', 'load-a', 'load-b', 'load-a', 'load-b'].map(worker)
  const cap = setTimeout(kill, 20_000)
  await Promise.all(workers)
  clearTimeout(cap)
  expect(await cli.exited).toEqual({ code: null, signal: 'SIGKILL' })
  return acknowledged
}

async function createMore(cli: Started, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${cli.url}/api/v1/task`, {
      method: 'POST',
      headers: { 'x-api-key': i % 2 ? 'load-a' : 'load-b', 'content-type': 'application/json' },
      body: lyrics,
    })
    ids.push(((await response.json()) as { data: { task_id: string } }).data.task_id)
  }
  return ids
}

async function stop(cli: Started): Promise<void> {
  cli.child.kill('SIGTERM')
  expect(await cli.exited).toEqual({ code: 0, signal: null })
}

describe('--state-mode durable', () => {
  it('keeps every acknowledged create across SIGKILL, and never reuses an id', async () => {
    const { scenario, state } = await setup()
    const args = ['--port', '0', '--scenario', scenario, '--state', state, '--state-mode', 'durable']
    const first = await startCli(args)
    const acknowledged = await loadUntilKilled(first, KILL_AT)
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AT)
    const second = await startCli(args)
    const missing: string[] = []
    for (const [id, apiKey] of acknowledged) {
      const response = await fetch(`${second.url}/api/v1/task/${id}`, { headers: { 'x-api-key': apiKey } })
      if (response.status !== 200) missing.push(id)
    }
    expect(missing).toEqual([])
    const usage = await Promise.all(
      ['load-a', 'load-b'].map(
        async (apiKey) =>
          ((await (await fetch(`${second.url}/api/v1/account/usage`, { headers: { 'x-api-key': apiKey } })).json()) as { data: { tasks_created: number } }).data
            .tasks_created,
      ),
    )
    expect(usage[0]! + usage[1]!).toBeGreaterThanOrEqual(acknowledged.size)
    const later = await createMore(second, 20)
    expect(later.filter((id) => acknowledged.has(id))).toEqual([])
    await stop(second)
  })
})

describe('--state (interval mode) after SIGKILL', () => {
  it('never hands an acknowledged id to another task, even one it lost', async () => {
    const { scenario, state } = await setup()
    const args = ['--port', '0', '--scenario', scenario, '--state', state, '--state-interval', '200ms']
    const first = await startCli(args)
    const acknowledged = await loadUntilKilled(first, KILL_AT)
    const second = await startCli(args)
    const later = await createMore(second, 50)
    expect(later.filter((id) => acknowledged.has(id))).toEqual([])
    await stop(second)
  })
})
