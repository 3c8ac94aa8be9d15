/**
 * The curl examples of docs/control-plane.md (`/__admin`) and docs/worlds.md (`/worlds/{name}`)
 * work as printed, with real curl, against the server with its cross-site rules on: each answers
 * 2xx with what the page shows after it (abridged with `…`), or exactly the error the page shows. (A body sent without the right Content-Type
 * would answer 415.) A block counts when it opens with `B=http://127.0.0.1:4010`.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../src/server/start-server.js'

const run = promisify(execFile)

/** The page's sh blocks that start with `B=http://127.0.0.1:4010`: their curl lines, each with the comment lines after it. */
async function curlExamples(page: string): Promise<Array<{ command: string; shown: string[] }>> {
  const text = await readFile(new URL(`../${page}`, import.meta.url), 'utf8')
  const examples: Array<{ command: string; shown: string[] }> = []
  for (const block of text.matchAll(/```sh\nB=http:\/\/127\.0\.0\.1:4010\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      if (line.startsWith('curl ')) examples.push({ command: line.replace(/\s+#.*$/, ''), shown: [] })
      else if (line.startsWith('#')) examples.at(-1)?.shown.push(line.replace(/^#\s*/, ''))
    }
  }
  return examples
}

let running: RunningServer
beforeAll(async () => {
  const scenario = await readFile(new URL('../scenarios/default.yaml', import.meta.url), 'utf8')
  running = await startServer({ scenario, port: 0, host: '127.0.0.1' })
})
afterAll(() => running.close())

async function answer(command: string, id: string): Promise<{ text: string; status: number }> {
  const { stdout } = await run('bash', ['-c', `${command} -w '\\n%{http_code}'`], { env: { ...process.env, B: running.url, ID: id } })
  return { text: stdout.slice(0, stdout.lastIndexOf('\n')), status: Number(stdout.slice(stdout.lastIndexOf('\n') + 1)) }
}

it.each([
  ['docs/control-plane.md', 5],
  ['docs/worlds.md', 5],
])('every curl example of %s answers as it shows', async (page, least) => {
  const examples = await curlExamples(page)
  expect(examples.length).toBeGreaterThanOrEqual(least)
  const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'calm' } })
  const id = ((await (await fetch(`${running.url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }).data.task_id
  await fetch(`${running.url}/api/v1/task/${id}`, { headers })
  for (const { command, shown } of examples) {
    const { text, status } = await answer(command, id)
    const error = shown.find((line) => /^\{"code":[45]\d\d,/.test(line))
    if (error !== undefined) expect(text, command).toBe(error)
    else expect(status, `${command}: ${text}`).toBeLessThan(300)
    if (error === undefined && shown.length > 0) expect(abridgedMiss(text, shown.join('')), `${command}: ${text}`).toBeNull()
  }
})

/**
 * Where `text` stops matching `shown`, an answer abridged with `…` (each `…` stands for any text;
 * the rest is the answer's, in order, from its start to its end), or null when it matches.
 */
function abridgedMiss(text: string, shown: string): string | null {
  const pieces = shown.split('…')
  if (pieces.length === 1) return text === shown ? null : `not exactly ${shown}`
  const [first, ...middle] = pieces
  const last = middle.pop()!
  if (!text.startsWith(first!)) return `does not start with ${first}`
  let at = first!.length
  for (const piece of middle) {
    const found = text.indexOf(piece, at)
    if (found === -1) return `not found after ${at}: ${piece}`
    at = found + piece.length
  }
  return text.endsWith(last) && text.length - last.length >= at ? null : `does not end with ${last} after ${at}`
}
