/**
 * The README's `/__admin` curl examples work as printed, with real curl, against the server with
 * its cross-site rules on: each answers 2xx, or exactly the error the README shows after it.
 * (A body sent without the right Content-Type would answer 415.)
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../src/server/start-server.js'

const run = promisify(execFile)

/** The sh block that follows the control-plane table: its curl lines, each with the comment lines after it. */
async function adminExamples(): Promise<Array<{ command: string; shown: string[] }>> {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8')
  const block = /```sh\nB=http:\/\/127\.0\.0\.1:4010\n(curl -s -X POST \$B\/__admin\/accounts[\s\S]*?)```/.exec(readme)
  if (block === null) throw new Error('the control-plane curl block is not in README.md')
  const examples: Array<{ command: string; shown: string[] }> = []
  for (const line of block[1]!.split('\n')) {
    if (line.startsWith('curl ')) examples.push({ command: line.replace(/\s+#.*$/, ''), shown: [] })
    else if (line.startsWith('#')) examples.at(-1)?.shown.push(line.replace(/^#\s*/, ''))
  }
  return examples
}

let running: RunningServer
beforeAll(async () => {
  const scenario = await readFile(new URL('../scenarios/default.yaml', import.meta.url), 'utf8')
  running = await startServer({ scenario, port: 0, host: '127.0.0.1' })
})
afterAll(() => running.close())

it('every /__admin curl example of the README answers as it shows', async () => {
  const examples = await adminExamples()
  expect(examples.length).toBeGreaterThanOrEqual(5)
  const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'calm' } })
  const id = ((await (await fetch(`${running.url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }).data.task_id
  await fetch(`${running.url}/api/v1/task/${id}`, { headers })
  for (const { command, shown } of examples) {
    const { stdout } = await run('bash', ['-c', `${command} -w '\\n%{http_code}'`], { env: { ...process.env, B: running.url, ID: id } })
    const [answer, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), Number(stdout.slice(stdout.lastIndexOf('\n') + 1))]
    const error = shown.find((line) => /^\{"code":[45]\d\d,/.test(line))
    if (error !== undefined) expect(answer, command).toBe(error)
    else expect(status, `${command}: ${answer}`).toBeLessThan(300)
  }
})
