import { mkdtemp } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { parseAnswer } from '../support/raw-http.js'
import { startCli, type Started } from '../support/spawn-cli.js'

const demo = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'kept in a world' } })
const QA = 'version: 1\nname: qa-world\naccounts:\n  - { api_key: qa-key, credits: 40 }\n'

async function stop(cli: Started): Promise<void> {
  cli.child.kill('SIGTERM')
  expect({ ...(await cli.exited), output: cli.output() }).toEqual({ code: 0, signal: null, output: cli.output() })
}

async function create(base: string, headers: Record<string, string> = demo): Promise<string> {
  const response = await fetch(`${base}/api/v1/task`, { method: 'POST', headers, body: lyrics })
  expect(response.status).toBe(202)
  return ((await response.json()) as { data: { task_id: string } }).data.task_id
}

async function worldNames(url: string): Promise<string[]> {
  return ((await (await fetch(`${url}/__admin/worlds`)).json()) as { worlds: Array<{ name: string }> }).worlds.map((world) => world.name)
}

async function taskOf(base: string, id: string, apiKey = 'demo-key'): Promise<{ status: number; id: string | undefined }> {
  const response = await fetch(`${base}/api/v1/task/${id}`, { headers: { 'x-api-key': apiKey } })
  const body = (await response.json()) as { data?: { task_id?: string } }
  return { status: response.status, id: body.data?.task_id }
}

it('--state keeps every named world across a restart, with its scenario, and not a removed one', async () => {
  const state = join(await mkdtemp(join(tmpdir(), 'atm-state-worlds-')), 'state.db')
  const first = await startCli(['--port', '0', '--state', state])
  const inA = await create(`${first.url}/worlds/team-a`)
  const put = await fetch(`${first.url}/worlds/qa/__admin/scenario`, { method: 'PUT', headers: { 'content-type': 'application/yaml' }, body: QA })
  expect(put.status).toBe(200)
  const inQa = await create(`${first.url}/worlds/qa`, { 'x-api-key': 'qa-key', 'content-type': 'application/json' })
  await create(`${first.url}/worlds/gone`)
  expect((await fetch(`${first.url}/__admin/worlds/gone`, { method: 'DELETE' })).status).toBe(200)
  const before = await (await fetch(`${first.url}/worlds/qa/__admin/accounts`)).json()
  await stop(first)

  const second = await startCli(['--port', '0', '--state', state])
  expect(second.output()).toContain('2 named worlds')
  expect(await worldNames(second.url)).toEqual(['qa', 'team-a'])
  expect(await taskOf(`${second.url}/worlds/team-a`, inA)).toEqual({ status: 200, id: inA })
  expect(await taskOf(`${second.url}/worlds/qa`, inQa, 'qa-key')).toEqual({ status: 200, id: inQa })
  // Each task stays in its own world: not in the default world, not in the other.
  expect((await taskOf(second.url, inA)).status).toBe(404)
  expect((await taskOf(`${second.url}/worlds/team-a`, inQa, 'qa-key')).status).toBe(401)
  const health = (await (await fetch(`${second.url}/worlds/qa/__admin/health`)).json()) as { scenario: string }
  expect(health.scenario).toBe('qa-world')
  expect(await (await fetch(`${second.url}/worlds/qa/__admin/accounts`)).json()).toEqual(before)
  // A world removed now is gone after the next restart too.
  expect((await fetch(`${second.url}/__admin/worlds/team-a`, { method: 'DELETE' })).status).toBe(200)
  await stop(second)

  const third = await startCli(['--port', '0', '--state', state])
  expect(await worldNames(third.url)).toEqual(['qa'])
  await stop(third)
})

it('--state-mode durable: a world create acknowledged before a SIGKILL is there after the restart', async () => {
  const state = join(await mkdtemp(join(tmpdir(), 'atm-state-worlds-')), 'state.db')
  const first = await startCli(['--port', '0', '--state', state, '--state-mode', 'durable'])
  const ids = [await create(`${first.url}/worlds/w1`), await create(`${first.url}/worlds/w2`), await create(`${first.url}/worlds/w1`)]
  first.child.kill('SIGKILL')
  await first.exited
  const second = await startCli(['--port', '0', '--state', state, '--state-mode', 'durable'])
  expect(await worldNames(second.url)).toEqual(['w1', 'w2'])
  expect(await taskOf(`${second.url}/worlds/w1`, ids[0]!)).toEqual({ status: 200, id: ids[0] })
  expect(await taskOf(`${second.url}/worlds/w2`, ids[1]!)).toEqual({ status: 200, id: ids[1] })
  expect(await taskOf(`${second.url}/worlds/w1`, ids[2]!)).toEqual({ status: 200, id: ids[2] })
  // A new boot epoch in each restored world: a new task's id is none of the earlier run's.
  expect(ids).not.toContain(await create(`${second.url}/worlds/w2`))
  await stop(second)
})

it('--state: a world removed and made again, in the same run or after a restart, hands out ids it never did (issue 40)', async () => {
  const state = join(await mkdtemp(join(tmpdir(), 'atm-state-worlds-')), 'state.db')
  const first = await startCli(['--port', '0', '--state', state])
  const seen = [await create(`${first.url}/worlds/a`), await create(`${first.url}/worlds/b`)]
  expect((await fetch(`${first.url}/__admin/worlds/a`, { method: 'DELETE' })).status).toBe(200)
  seen.push(await create(`${first.url}/worlds/a`))
  expect((await fetch(`${first.url}/__admin/worlds/a`, { method: 'DELETE' })).status).toBe(200)
  await stop(first)

  // `a` is not in FILE: made afresh after the restart, in this boot's epoch.
  const second = await startCli(['--port', '0', '--state', state])
  seen.push(await create(`${second.url}/worlds/a`), await create(`${second.url}/worlds/c`), await create(second.url))
  expect(new Set(seen).size).toBe(seen.length)
  await stop(second)
})

it('--state-mode durable: a create whose body arrives after its world was deleted gets a 202 for a task that is kept (issue 40)', async () => {
  const state = join(await mkdtemp(join(tmpdir(), 'atm-state-worlds-')), 'state.db')
  const first = await startCli(['--port', '0', '--state', state, '--state-mode', 'durable'])
  await create(`${first.url}/worlds/w`)
  const port = Number(new URL(first.url).port)
  const half = Math.floor(lyrics.length / 2)
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write(
    `POST /worlds/w/api/v1/task HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: demo-key\r\ncontent-type: application/json\r\ncontent-length: ${lyrics.length}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n${lyrics.slice(0, half)}`,
  )
  // The 100 Continue says the request reached the fake (its world chosen); the world goes while the body is still arriving.
  await expect.poll(() => answer).toContain('100 Continue')
  expect((await fetch(`${first.url}/__admin/worlds/w`, { method: 'DELETE' })).status).toBe(200)
  socket.end(lyrics.slice(half))
  await new Promise((resolve) => socket.once('close', resolve))
  const created = parseAnswer(answer.slice(answer.indexOf('\r\n\r\n') + 4))
  expect(created.status).toBe(202)
  const id = (created.json as { data: { task_id: string } }).data.task_id
  expect(await taskOf(`${first.url}/worlds/w`, id)).toEqual({ status: 200, id })
  first.child.kill('SIGKILL')
  await first.exited
  const second = await startCli(['--port', '0', '--state', state, '--state-mode', 'durable'])
  expect(await taskOf(`${second.url}/worlds/w`, id)).toEqual({ status: 200, id })
  await stop(second)
})
