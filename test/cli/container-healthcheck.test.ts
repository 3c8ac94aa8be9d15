/**
 * The image's HEALTHCHECK (scripts/container-healthcheck.mjs) against the fake started as the
 * image starts it (the Dockerfile's variables, bound to 0.0.0.0, reached through 127.0.0.1), with
 * its token and port given the ways `docker run IMAGE …` can give them: as variables, as flags
 * after the image's name, as `--flag=value`. The check runs with the container's variables, as
 * `docker exec` would, and is told the fake's process id (in the image it finds the process
 * itself: .ci/container.sh checks that). It reads /proc, as the image's Linux does: on other
 * systems these tests are skipped.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { imageSettings } from '../support/dockerfile.js'
import { startCli, type Started } from '../support/spawn-cli.js'

const image = imageSettings()
let running: Started | null = null
afterEach(async () => {
  running?.child.kill('SIGTERM')
  await running?.exited
  running = null
})

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** Runs the health check as the container would, for the process `pid`. */
function healthcheck(pid: number, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/container-healthcheck.mjs', String(pid)], { env: { PATH: process.env['PATH'] ?? '', ...env } })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })))
}

/** Starts the fake as the image does, with `variables` as `-e` and `args` after the image's name; runs the check. */
async function checked(args: string[], variables: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const env = { ...image.env, ...variables }
  running = await startCli(args, env)
  return healthcheck(running.child.pid!, env)
}

describe.runIf(process.platform === 'linux')('the image’s health check', () => {
  it('is healthy with the token and port given as variables', async () => {
    const port = String(await freePort())
    expect(await checked([], { AUDIO_TASK_MOCK_PORT: port, AUDIO_TASK_MOCK_ADMIN_TOKEN: 'hc-token' })).toEqual({ code: 0, stderr: '' })
  })

  it('is healthy with no token (the admin API closed on 0.0.0.0 still answers)', async () => {
    expect(await checked([], { AUDIO_TASK_MOCK_PORT: String(await freePort()) })).toEqual({ code: 0, stderr: '' })
  })

  it('is healthy with the token given as a flag', async () => {
    const port = String(await freePort())
    expect(await checked(['--admin-token', 'hc-token'], { AUDIO_TASK_MOCK_PORT: port })).toEqual({ code: 0, stderr: '' })
  })

  it('is healthy with the port given as a flag, the variable left at the image’s 4010', async () => {
    expect(await checked(['--port', '0', '--admin-token', 'hc-token'], {})).toEqual({ code: 0, stderr: '' })
  })

  it('is healthy with --flag=value forms and a variable the flag overrides', async () => {
    const given = { AUDIO_TASK_MOCK_ADMIN_TOKEN: 'overridden', AUDIO_TASK_MOCK_PORT: '1' }
    expect(await checked(['--port=0', '--admin-token=hc-token'], given)).toEqual({ code: 0, stderr: '' })
  })

  it('is unhealthy, saying why, for a process that listens on no port', async () => {
    const idle = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'])
    try {
      const result = await healthcheck(idle.pid!, image.env)
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/^unhealthy: process \d+ listens on no TCP port/)
    } finally {
      idle.kill()
    }
  })

  it('is unhealthy for a server that is not the fake', async () => {
    const other = spawn(process.execPath, ['-e', "require('node:http').createServer((q, s) => s.end('hello')).listen(0, '127.0.0.1', () => console.log('up'))"])
    try {
      await new Promise((resolve) => other.stdout.once('data', resolve))
      const result = await healthcheck(other.pid!, image.env)
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/^unhealthy: GET http:\/\/127\.0\.0\.1:\d+\/__admin\/health answered 200 with something other than the fake’s JSON/)
    } finally {
      other.kill()
    }
  })
})
