/** docs/scenarios.md's examples are real: the curl outputs it shows are what the bundled scenarios answer, and its faults load. */
import { readFileSync } from 'node:fs'
import { afterEach, expect, it } from 'vitest'
import { parseScenario, formatScenarioError } from '../src/scenario/index.js'
import { serveBundled, type Served } from './support/bundled.js'

const page = readFileSync(new URL('../docs/scenarios.md', import.meta.url), 'utf8')
let fake: Served | undefined
afterEach(() => fake?.close())

it('shows what flaky-create answers to four creates', async () => {
  fake = await serveBundled('flaky-create')
  const body = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } }
  const lines = []
  for (let i = 0; i < 4; i++) {
    const reply = await fake.attempt('POST', '/api/v1/task', 'demo-key', body)
    lines.push(reply === 'dropped' ? ' [curl exit 52]' : `${reply.text} [curl exit 0]`)
  }
  expect(page).toContain('```text\n' + lines.join('\n') + '\n```')
  expect((await fake.usage('demo-key')).json.data).toMatchObject({ tasks_created: 1, credits_used: 10 })
})

it('shows what rate-limited answers to the 11th request', async () => {
  fake = await serveBundled('rate-limited')
  for (let i = 0; i < 10; i++) await fake.usage('demo-key')
  const reply = await fake.usage('demo-key')
  const headers = ['content-type', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']
  const shown = [`HTTP/1.1 ${reply.status} Too Many Requests`, ...headers.map((name) => `${name}: ${reply.headers.get(name)}`), '', reply.text]
  expect(page).toContain('```text\n' + shown.join('\n') + '\n```')
})

it('shows faults that load', () => {
  const blocks = [...page.matchAll(/^```yaml\n(faults:\n[\s\S]*?)^```/gm)].map((block) => block[1]!)
  expect(blocks.length).toBeGreaterThan(0)
  for (const text of blocks) {
    const result = parseScenario(`version: 1\n${text}`, 'docs/scenarios.md')
    if (!result.ok) throw new Error(result.errors.map(formatScenarioError).join('\n'))
    expect(result.scenario.faults.length).toBeGreaterThan(0)
  }
})
