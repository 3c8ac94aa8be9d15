/**
 * Worlds past one machine (issue 28): Debian's nginx on loopback, with the configuration
 * docs/worlds.md shows (examples/nginx/worlds-sharding.conf), in front of two fakes. Every request
 * of a world reaches the same process, the worlds spread over both, and each world's URLs carry
 * nginx's address. `.ci/run` installs nginx; elsewhere the test says why it skips.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCli, type Started } from '../support/spawn-cli.js'

const NGINX = '/usr/sbin/nginx'
const CONFIG = new URL('../../examples/nginx/worlds-sharding.conf', import.meta.url)
const have = existsSync(NGINX)
if (!have) console.warn(`nginx-sharding: skipped, ${NGINX} is missing (apt-get install nginx-light; .ci/run installs it)`)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

let dir = ''
let nginx: ChildProcess | null = null
let fakes: Started[] = []
let front = ''

beforeAll(async () => {
  if (!have) return
  fakes = await Promise.all([startCli(['--port', '0']), startCli(['--port', '0'])])
  const port = await freePort()
  dir = await mkdtemp(join(tmpdir(), 'atm-nginx-'))
  await chmod(dir, 0o777) // nginx's workers run as nobody and keep temporary files here
  const ports = fakes.map((fake) => new URL(fake.url).port)
  const config = (await readFile(CONFIG, 'utf8'))
    .replace('listen 127.0.0.1:4010;', `listen 127.0.0.1:${port};`)
    .replace('server 127.0.0.1:4011;', `server 127.0.0.1:${ports[0]};`)
    .replace('server 127.0.0.1:4012;', `server 127.0.0.1:${ports[1]};`)
  expect(config).toContain(`:${ports[1]};`)
  await writeFile(join(dir, 'nginx.conf'), config)
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  front = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${front}/__admin/health`)).status === 200) break
    } catch {
      if (tries > 100) throw new Error('nginx did not answer')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}, 60_000)

afterAll(async () => {
  nginx?.kill('SIGTERM')
  for (const fake of fakes) fake.child.kill('SIGTERM')
  await Promise.all(fakes.map((fake) => fake.exited))
  if (dir !== '') await rm(dir, { recursive: true, force: true })
})

it.skipIf(!have)('keeps each world on one process, spreads the worlds over both, and hands out its own URLs', async () => {
  const names = Array.from({ length: 16 }, (_, i) => `team-${i}`)
  const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } })
  for (const name of names) {
    const world = `${front}/worlds/${name}`
    const created = await (
      await fetch(`${world}/api/v1/task`, { method: 'POST', headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' }, body: music })
    ).json()
    expect(created.code).toBe(202)
    // The read goes through nginx again: it must reach the process that holds the task.
    const read = await fetch(`${world}/api/v1/task/${created.data.task_id}`, { headers: { 'x-api-key': 'demo-key' } })
    expect(read.status).toBe(200)
    const document = await (await fetch(`${world}/openapi.json`)).json()
    expect(document.servers[0].url).toBe(world)
  }
  const held = await Promise.all(
    fakes.map(async (fake) => (await (await fetch(`${fake.url}/__admin/worlds`)).json()).worlds.map((w: { name: string }) => w.name)),
  )
  expect([...held[0], ...held[1]].sort()).toEqual([...names].sort())
  expect(held[0].length).toBeGreaterThan(0)
  expect(held[1].length).toBeGreaterThan(0)
})
