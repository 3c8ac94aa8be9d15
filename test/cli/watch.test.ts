/**
 * `--watch`: an edit of the scenario file restarts the world from it; an invalid edit is reported
 * with its FILE:LINE:COL and the previous scenario keeps serving. The tests wait on the console
 * lines (bounded), never on a fixed sleep.
 */
import { mkdtemp, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { waitForOutput } from '../support/process-checks.js'
import { startCli, type Started } from '../support/spawn-cli.js'

let cli: Started | undefined

afterEach(async () => {
  cli?.child.kill('SIGTERM')
  await cli?.exited
  cli = undefined
})

const usage = (url: string, key: string): Promise<number> =>
  fetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': key } }).then((response) => response.status)

/** Saves the way editors do: a new file renamed over the old one. */
async function saveByRename(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text)
  await rename(`${file}.tmp`, file)
}

it('reloads the scenario on a change, and keeps the previous one on an invalid change', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atm-watch-'))
  const file = join(dir, 'qa.yaml')
  await writeFile(file, 'version: 1\naccounts: [{ api_key: first-key, credits: 5 }]\n')
  cli = await startCli(['--port', '0', '--scenario', file, '--watch'])
  await waitForOutput(cli, /watching .*qa\.yaml for changes/)
  expect(await usage(cli.url, 'first-key')).toBe(200)

  await writeFile(file, 'version: 1\nname: second\naccounts: [{ api_key: second-key, credits: 5 }]\n')
  await waitForOutput(cli, /audio-task-mock: reloaded .*qa\.yaml \(scenario "second", world restarted\)/)
  expect(await usage(cli.url, 'second-key')).toBe(200)
  expect(await usage(cli.url, 'first-key')).toBe(401)

  await saveByRename(file, 'version: 1\nname: third\naccounts: [{ api_key: third-key, credits: 5 }]\n')
  await waitForOutput(cli, /reloaded .*qa\.yaml \(scenario "third"/)
  expect(await usage(cli.url, 'third-key')).toBe(200)

  await saveByRename(file, 'version: 1\nname: broken\nacounts: []\n')
  await waitForOutput(cli, /qa\.yaml has mistakes; still serving the previous scenario/)
  expect(cli.output()).toContain(`${file}:3:1: acounts: unknown key "acounts"; did you mean "accounts"?`)
  expect(await usage(cli.url, 'third-key')).toBe(200)
})
