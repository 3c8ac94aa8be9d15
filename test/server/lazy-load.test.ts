/**
 * The standalone server answers every route through its node:http door and the dispatch: it never
 * loads express or msw, whatever it is asked (the public API, the admin API, media files, unknown
 * routes). Run in a child process on the compiled build, so nothing this test runner imported counts.
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
const server = await startServer({ scenario: 'version: 1\\naccounts: [{ api_key: k, credits: 50 }]\\n' })
const steps = { started: loaded() }
const usage = await fetch(server.url + '/api/v1/account/usage', { headers: { 'x-api-key': 'k' } })
steps.publicRoute = [usage.status, loaded()]
const moved = await fetch(server.url + '/__admin/clock/advance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"1m"}' })
steps.clockMove = [moved.status, loaded()]
const admin = { 'content-type': 'application/json' }
const calls = [
  ['GET', '/__admin/health'],
  ['POST', '/__admin/accounts', '{"api_key":"k2","credits":3}'],
  ['GET', '/__admin/accounts/k2'],
  ['POST', '/__admin/accounts/k2/top-up', '{"credits":4}'],
  ['GET', '/__admin/accounts?limit=1'],
  ['DELETE', '/__admin/accounts/k2'],
  ['GET', '/__admin/tasks'],
  ['GET', '/__admin/journal'],
  ['GET', '/__admin/report'],
  ['GET', '/__admin/export'],
  ['POST', '/__admin/reset', ''],
]
steps.adminApi = []
for (const [method, path, body] of calls) {
  const answer = await fetch(server.url + path, { method, headers: admin, body })
  steps.adminApi.push([method, path, answer.status])
}
steps.adminApi.push(loaded())
const created = await (await fetch(server.url + '/api/v1/task', { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } }) })).json()
let done
for (let read = 0; read < 10 && done?.data.status !== 'success'; read++) {
  await fetch(server.url + '/__admin/clock/advance', { method: 'POST', headers: admin, body: '{"by":"1m"}' })
  done = await (await fetch(server.url + '/api/v1/task/' + created.data.task_id, { headers: { 'x-api-key': 'k' } })).json()
}
steps.media = []
for (const clip of done.data.output.result ?? []) {
  for (const url of [clip.audio_url, clip.image_url].filter(Boolean)) {
    // Read to the end, as a client should: an answer left unread (a 1 MB clip) holds its connection
    // open, and close() waits for it until undici lets it go (about 3 s here).
    const answer = await fetch(url)
    await answer.arrayBuffer()
    steps.media.push(answer.status)
  }
}
steps.media.push(loaded())
const unknown = await fetch(server.url + '/api/v1/nothing', { headers: { 'x-api-key': 'k' } })
steps.otherRoute = [unknown.status, [...new Set(loaded())].sort()]
await server.close()
process.stdout.write(JSON.stringify(steps))
`

it('never loads express or msw, whatever it answers', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT, START_SERVER])
  expect(JSON.parse(stdout)).toEqual({
    started: [],
    publicRoute: [200, []],
    clockMove: [200, []],
    adminApi: [
      ['GET', '/__admin/health', 200],
      ['POST', '/__admin/accounts', 201],
      ['GET', '/__admin/accounts/k2', 200],
      ['POST', '/__admin/accounts/k2/top-up', 200],
      ['GET', '/__admin/accounts?limit=1', 200],
      ['DELETE', '/__admin/accounts/k2', 200],
      ['GET', '/__admin/tasks', 200],
      ['GET', '/__admin/journal', 200],
      ['GET', '/__admin/report', 200],
      ['GET', '/__admin/export', 200],
      ['POST', '/__admin/reset', 200],
      [],
    ],
    media: [200, 200, 200, 200, []],
    otherRoute: [404, []],
  })
})
