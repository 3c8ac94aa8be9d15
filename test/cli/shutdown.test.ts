import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { startCli } from '../support/spawn-cli.js'

it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atm-shutdown-'))
  const file = join(dir, 'slow.yaml')
  await writeFile(file, 'version: 1\naccounts: [{ api_key: k, credits: 10 }]\nfaults:\n  - match: { endpoint: usage }\n    delay: 600ms\n')
  const cli = await startCli(['--port', '0', '--scenario', file])
  const inFlight = fetch(`${cli.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'k' } })
  // Give the request time to reach the server (a transport matter, not a state of the fake).
  await wait(150)
  cli.child.kill('SIGTERM')
  const response = await inFlight
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 10 } })
  expect(await cli.exited).toEqual({ code: 0, signal: null })
  await expect(fetch(`${cli.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'k' } })).rejects.toThrow()
})
