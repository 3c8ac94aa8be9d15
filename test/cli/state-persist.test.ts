import { chmod, mkdir, mkdtemp } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

const json = { 'content-type': 'application/json' }
const demo = { 'x-api-key': 'demo-key', ...json }
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })

async function stop(cli: Started): Promise<void> {
  cli.child.kill('SIGTERM')
  expect({ ...(await cli.exited), output: cli.output() }).toEqual({ code: 0, signal: null, output: cli.output() })
}

async function stateFile(): Promise<{ dir: string; state: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'atm-persist-'))
  return { dir, state: join(dir, 'world.json') }
}

async function keys(url: string): Promise<Record<string, number>> {
  const accounts = (await (await fetch(`${url}/__admin/accounts`)).json()) as Array<{ api_key: string; topped_up: number }>
  return Object.fromEntries(accounts.map((account) => [account.api_key, account.topped_up]))
}

describe('--state FILE keeps every change', () => {
  it('saves admin changes to accounts (delete, add, reset) on SIGTERM', async () => {
    const { state } = await stateFile()
    const first = await startCli(['--port', '0', '--state', state])
    await stop(first)
    const second = await startCli(['--port', '0', '--state', state, '--state-interval', '100ms'])
    // A save at an interval first: the changes below then come after a saved state.
    await fetch(`${second.url}/__admin/clock/advance`, { method: 'POST', headers: json, body: '{"by":"1s"}' })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect((await fetch(`${second.url}/__admin/accounts/low-key`, { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${second.url}/__admin/accounts`, { method: 'POST', headers: json, body: '{"api_key":"qa-key","credits":7}' })).status).toBe(201)
    expect((await fetch(`${second.url}/__admin/accounts/demo-key-2/reset`, { method: 'POST', headers: json, body: '{"credits":5}' })).status).toBe(200)
    await stop(second)
    const third = await startCli(['--port', '0', '--state', state])
    expect(await keys(third.url)).toEqual({ 'demo-key': 1000, 'demo-key-2': 5, 'broke-key': 0, 'qa-key': 7 })
    await stop(third)
  })

  it('restarts with the same command line after PUT /__admin/scenario, serving that scenario', async () => {
    const { state } = await stateFile()
    const first = await startCli(['--port', '0', '--state', state])
    const scenario = 'version: 1\nname: qa-loaded\naccounts:\n  - { api_key: qa-key, credits: 50 }\n'
    expect((await fetch(`${first.url}/__admin/scenario`, { method: 'PUT', headers: { 'content-type': 'application/yaml' }, body: scenario })).status).toBe(200)
    await stop(first)
    const second = await startCli(['--port', '0', '--state', state])
    expect(second.output()).toContain('qa-loaded')
    expect(await keys(second.url)).toEqual({ 'qa-key': 50 })
    await stop(second)
  })

  it('refuses a state path in a missing directory, exit 2, naming the path', async () => {
    const { dir } = await stateFile()
    const missing = join(dir, 'no-such-dir', 'world.json')
    const result = await runCli(['--port', '0', '--state', missing])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${missing}: `)
    expect(result.stderr).toMatch(/does not exist/)
  })

  it.skipIf(process.getuid?.() === 0)('refuses a state path in a read-only directory, exit 2', async () => {
    const { dir } = await stateFile()
    const locked = join(dir, 'locked')
    await mkdir(locked)
    await chmod(locked, 0o555)
    const path = join(locked, 'world.json')
    const result = await runCli(['--port', '0', '--state', path])
    await chmod(locked, 0o755)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${path}: `)
  })
})

describe('--state ids after a reset and a SIGKILL', () => {
  it('never hands out an id twice: not after POST /__admin/reset, not after a kill that lost the reset', async () => {
    const { state } = await stateFile()
    const args = ['--port', '0', '--state', state, '--state-interval', '1h']
    const create = async (url: string): Promise<string> =>
      ((await (await fetch(`${url}/api/v1/task`, { method: 'POST', headers: demo, body: music })).json()) as { data: { task_id: string } }).data.task_id
    const first = await startCli(args)
    const before = await create(first.url)
    expect((await fetch(`${first.url}/__admin/reset`, { method: 'POST' })).status).toBe(200)
    const afterReset = await create(first.url)
    first.child.kill('SIGKILL')
    await first.exited
    const second = await startCli(args)
    const afterKill = await create(second.url)
    expect(new Set([before, afterReset, afterKill]).size).toBe(3)
    await stop(second)
  })
})

/** Sends a create whose body arrives in two parts, running `between` after the first; resolves with the raw answer. */
function splitCreate(url: string, between: () => Promise<void>): Promise<string> {
  const { hostname, port } = new URL(url)
  const head = music.slice(0, 20)
  const tail = music.slice(20)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.write(
      `POST /api/v1/task HTTP/1.1\r\nhost: ${hostname}:${port}\r\nx-api-key: demo-key\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(music)}\r\nconnection: close\r\n\r\n${head}`,
    )
    setTimeout(() => {
      between().then(() => socket.write(tail), reject)
    }, 100)
  })
}

describe('a create racing a reset', () => {
  it('never answers 202 for a task that does not exist after the reset', async () => {
    const cli = await startCli(['--port', '0'])
    const answer = await splitCreate(cli.url, async () => {
      expect((await fetch(`${cli.url}/__admin/reset`, { method: 'POST' })).status).toBe(200)
    })
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1])
    if (status === 202) {
      const id = /"task_id":"([^"]+)"/.exec(answer)![1]!
      expect((await fetch(`${cli.url}/api/v1/task/${id}`, { headers: demo })).status).toBe(200)
    } else {
      expect(status).toBe(503)
    }
    await stop(cli)
  })
})
