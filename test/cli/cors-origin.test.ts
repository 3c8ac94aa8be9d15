/** `--cors-origin`: restricts which pages may call the fake from another origin; a mistake exits 2. */
import { afterEach, expect, it } from 'vitest'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

let started: Started | null = null
afterEach(async () => {
  started?.child.kill('SIGTERM')
  await started?.exited
  started = null
})

const preflight = (url: string, origin: string) =>
  fetch(`${url}/api/v1/task`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key' },
  })

it('lets only the given origins through, any origin without the flag', async () => {
  started = await startCli(['--port', '0', '--cors-origin', 'http://localhost:5173', '--cors-origin', 'http://127.0.0.1:8080'])
  expect((await preflight(started.url, 'http://127.0.0.1:8080')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080')
  expect((await preflight(started.url, 'http://evil.test')).status).toBe(403)
  started.child.kill('SIGTERM')
  await started.exited
  started = await startCli(['--port', '0'])
  expect((await preflight(started.url, 'http://evil.test')).headers.get('access-control-allow-origin')).toBe('*')
})

it('exits 2 on something that is not an origin', async () => {
  const result = await runCli(['--cors-origin', 'localhost:5173/app'])
  expect(result.code).toBe(2)
  expect(result.stderr).toContain('--cors-origin: CORS origin "localhost:5173/app" is not an origin like http://localhost:5173')
})
