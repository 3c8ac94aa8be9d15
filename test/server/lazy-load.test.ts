/**
 * Start-up pays only for what the public API needs: the standalone server loads express
 * and msw (through @mswjs/http-middleware) on the first request that needs them (not the
 * public API, not the clock's admin routes, which it answers from node:http), and
 * answers that request through them. Run in a child process on the compiled build, so
 * nothing this test runner imported counts.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const START_SERVER = fileURLToPath(new URL('../../dist/server/start-server.js', import.meta.url))

const SCRIPT = `
import { createRequire } from 'node:module'
const { startServer } = await import(process.argv[1])
const loaded = () => Object.keys(createRequire(import.meta.url).cache)
  .map((path) => /node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(path)?.[1])
  .filter((name) => name === 'express' || name === 'msw' || name === '@mswjs/http-middleware')
const server = await startServer({ scenario: 'version: 1\\naccounts: [{ api_key: k, credits: 5 }]\\n' })
const steps = { started: loaded() }
const usage = await fetch(server.url + '/api/v1/account/usage', { headers: { 'x-api-key': 'k' } })
steps.publicRoute = [usage.status, loaded()]
const moved = await fetch(server.url + '/__admin/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"1m"}' })
steps.clockMove = [moved.status, loaded()]
const unknown = await fetch(server.url + '/api/v1/nothing', { headers: { 'x-api-key': 'k' } })
steps.otherRoute = [unknown.status, [...new Set(loaded())].sort()]
await server.close()
process.stdout.write(JSON.stringify(steps))
`

it('loads express and msw on the first request that needs them, not at start', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT, START_SERVER])
  expect(JSON.parse(stdout)).toEqual({
    started: [],
    publicRoute: [200, []],
    clockMove: [200, []],
    otherRoute: [404, ['@mswjs/http-middleware', 'express', 'msw']],
  })
})
