/**
 * docs/worlds.md's nginx snippet shards worlds as the page says: run with nginx in front of two
 * servers, each world lands on one of them and stays there, and its media URLs and admin routes
 * work through the proxy. The snippet is read from the page, with its ports swapped for free ones.
 *
 * @module-tag nginx
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { watch } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { toolPath } from '../support/system-tools.js'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The page's nginx block, its ports swapped, inside a configuration that keeps every file in `dir`. */
async function configuration(dir: string, ports: Record<string, number>): Promise<string> {
  const page = await readFile(new URL('../../docs/worlds.md', import.meta.url), 'utf8')
  const block = /```nginx\n([\s\S]*?)```/.exec(page)
  if (block === null) throw new Error('docs/worlds.md has no nginx block')
  const snippet = block[1]!.replace(/127\.0\.0\.1:(\d+)/g, (_, port: string) => `127.0.0.1:${ports[port] ?? port}`)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join(' ')
  return `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;\nevents {}\nhttp { access_log off; ${temp}\n${snippet}}\n`
}

/** nginx writes its pid file after it has opened its listening sockets. */
async function startNginx(dir: string): Promise<ChildProcess> {
  const written = new Promise<void>((resolve) => {
    const watcher = watch(dir, (_, file) => file === 'nginx.pid' && (watcher.close(), resolve()))
  })
  const child = spawn(toolPath('nginx'), ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited ${code}: ${errors}`))))
  await Promise.race([written, exited])
  return child
}

let dir: string
let nginx: ChildProcess | undefined
let fakes: RunningServer[] = []
let proxy: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'worlds-nginx-'))
  fakes = await Promise.all([startServer({ port: 0 }), startServer({ port: 0 })])
  const front = await freePort()
  const ports = { '4010': front, '4011': Number(new URL(fakes[0]!.url).port), '4012': Number(new URL(fakes[1]!.url).port) }
  await writeFile(join(dir, 'nginx.conf'), await configuration(dir, ports))
  nginx = await startNginx(dir)
  proxy = `http://127.0.0.1:${front}`
})

afterAll(async () => {
  if (nginx !== undefined) await new Promise((resolve) => (nginx!.once('exit', resolve), nginx!.kill('SIGQUIT')))
  await Promise.all(fakes.map((fake) => fake.close()))
  if (dir !== undefined) await rm(dir, { recursive: true, force: true })
})

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'sea' } })
const holders = (name: string): number[] => fakes.flatMap((fake, index) => (fake.worlds.peek(name) === undefined ? [] : [index]))

it('sends each world to one server, always the same, and both servers get worlds', async () => {
  const names = Array.from({ length: 16 }, (_, index) => `worker-${index}`)
  for (const name of names) expect((await fetch(`${proxy}/worlds/${name}/api/v1/task`, { method: 'POST', headers, body })).status).toBe(202)
  for (const name of names) expect((await fetch(`${proxy}/worlds/${name}/api/v1/account/usage`, { headers })).status).toBe(200)
  const placed = names.map((name) => holders(name))
  expect(placed.every((servers) => servers.length === 1)).toBe(true)
  expect(new Set(placed.flat())).toEqual(new Set([0, 1]))
  for (const name of names) expect(fakes[holders(name)[0]!]!.worlds.peek(name)!.tasks.list()).toHaveLength(1)
})

it('keeps media URLs and the admin routes working through the proxy', async () => {
  const advanced = await fetch(`${proxy}/worlds/qa/__admin/clock/advance`, { method: 'POST', headers, body: '{"by":"1m"}' })
  expect(advanced.status).toBe(200)
  const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })
  const created = (await (await fetch(`${proxy}/worlds/qa/api/v1/task`, { method: 'POST', headers, body: music })).json()) as { data: { task_id: string } }
  type Task = { data: { status: string; output: { result: Array<{ audio_url: string }> } | null } }
  const read = async (): Promise<Task> => (await (await fetch(`${proxy}/worlds/qa/api/v1/task/${created.data.task_id}`, { headers })).json()) as Task
  const reads = [await read(), await read(), await read(), await read()] // the default timeline: success on the fourth read
  const task = reads.at(-1)!
  expect(task.data.status).toBe('success')
  const audio = task.data.output!.result[0]!.audio_url
  expect(audio.startsWith(`${proxy}/worlds/qa/assets/audio/`)).toBe(true)
  expect((await fetch(audio, { method: 'HEAD' })).status).toBe(200)
})
