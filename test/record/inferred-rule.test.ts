/**
 * A rule the recorder can infer from inputs (every task with the same prompt failed the same
 * way) is offered as a commented alternative above the positional rules. Uncommented, it loads
 * and replays the cause: a task with that prompt fails whatever its position.
 */
import { afterEach, expect, it } from 'vitest'
import { Recording, type Exchange } from '../../src/record/recording.js'
import { writeScenario } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'
import { blockOf } from '../support/doc-blocks.js'

const KEY = 'sk-inferred-key-1234'
const ARTIST = 'a song that sounds like a famous living artist'
const ERROR = 'upstream rejected the prompt: it names a living artist'
const T0 = Date.parse('2026-01-01T00:00:00.000Z')

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

function record(prompts: string[], failing = { prompt: ARTIST, error: ERROR }): string {
  const recording = new Recording()
  prompts.forEach((prompt, index) => {
    const id = `t${index}`
    const at = index * 1_000
    const iso = (ms: number) => new Date(T0 + ms).toISOString()
    const create: Exchange = {
      at,
      method: 'POST',
      path: '/api/v1/task',
      apiKey: KEY,
      contentType: 'application/json',
      body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } }),
      response: {
        status: 202,
        headers: {},
        body: JSON.stringify({ code: 202, data: { task_id: id, type: 'music', status: 'pending', credits_charged: 10, created_at: iso(at) } }),
      },
    }
    recording.add(create)
    const fails = prompt === failing.prompt
    const data = {
      task_id: id,
      type: 'music',
      status: fails ? 'failure' : 'success',
      error: fails ? failing.error : null,
      created_at: iso(at),
      completed_at: iso(at + 5_000),
      output: null,
    }
    recording.add({
      at: at + 10_000,
      method: 'GET',
      path: `/api/v1/task/${id}`,
      apiKey: KEY,
      contentType: null,
      body: '',
      response: { status: 200, headers: {}, body: JSON.stringify({ code: 200, data }) },
    })
  })
  return writeScenario(recording.session({ upstream: 'u', wallNow: 0 }))
}

it('offers "this prompt fails" as a commented rule, which loads and replays by cause when uncommented', async () => {
  const yaml = record(['a calm beat', ARTIST, 'rain', ARTIST])
  expect(yaml).toContain(`the 2 music tasks whose gpt_description_prompt was "${ARTIST}" (task-2, task-4) all failed`)
  const line = `  # - { match: { task_type: music, input: { gpt_description_prompt: { equals: ${ARTIST} } } }, timeline: task-2 }`
  expect(yaml).toContain(line)
  expect(parseScenario(yaml, 'r.yaml').ok).toBe(true)

  const uncommented = yaml.replace(line, line.replace('  # - ', '  - '))
  const parsed = parseScenario(uncommented, 'r.yaml')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])

  // Replayed in another order: the artist prompt first. By position it would succeed (task-1); by cause it fails.
  let wall = 0
  const replay = await startServer({ scenario: uncommented, wallNow: () => wall })
  started.push(replay)
  const headers = { 'x-api-key': 'recorded-key-1', 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: ARTIST } })
  const created = (await (await fetch(`${replay.url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }
  wall += 60_000
  const read = (await (await fetch(`${replay.url}/api/v1/task/${created.data.task_id}`, { headers })).json()) as { data: { status: string; error: string } }
  expect(read.data).toMatchObject({ status: 'failure', error: ERROR })
})

it('offers nothing when a prompt failed once, or its tasks ended differently', () => {
  expect(record(['x', ARTIST])).not.toContain('Inferred from inputs')
  expect(record([ARTIST, 'y'])).not.toContain('Inferred from inputs')
})

it('writes the rules docs/record-and-replay.md shows, for the session it describes', () => {
  const shown = blockOf('docs/record-and-replay.md', 'yaml', 'Inferred from inputs').text
  const prompt = 'sounds like a living artist'
  const yaml = record(['a calm beat', prompt, 'rain', prompt], { prompt, error: 'upstream rejected the prompt' })
  expect(yaml).toContain(shown)
})
