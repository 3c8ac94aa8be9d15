/**
 * A test that fakes timers (`vi.useFakeTimers()`: setTimeout, setImmediate, Date, performance and,
 * where Node has it, Temporal) neither freezes the fake nor moves its clock: a fault's delay is
 * real time, a media file streams whole, and the answers are the bytes real timers give. The fake's
 * time is its own clock, moved by `clock.advance`. (The matrix's consumer suite runs the same under
 * vitest 5 on Node 26, where `Temporal.Now` is faked too.)
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'

const BASE = 'https://audio.example.test'
const SCENARIO = `
version: 1
accounts: [{ api_key: k, credits: 100 }]
timelines:
  default: [{ status: pending, for: 30s }, { status: success }]
faults:
  - { match: { endpoint: get_task }, delay: 20ms }
`
const fake = createMock({ scenario: SCENARIO, baseUrl: BASE })
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => (vi.useRealTimers(), fake.reset()))
afterAll(() => server.close())

const headers = { 'x-api-key': 'k', 'content-type': 'application/json' }
const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })

/** A task's life through `send` (msw's fetch, or `fake.fetch`): every answer's text and the first clip's byte count. */
async function life(send: typeof fetch, between: () => void = () => undefined): Promise<{ texts: string[]; audioBytes: number }> {
  const texts = [await (await send(`${BASE}/api/v1/task`, { method: 'POST', headers, body })).text()]
  const id = (JSON.parse(texts[0]!) as { data: { task_id: string } }).data.task_id
  texts.push(await (await send(`${BASE}/api/v1/task/${id}`, { headers })).text())
  between()
  fake.clock.advance('30s')
  texts.push(await (await send(`${BASE}/api/v1/task/${id}`, { headers })).text())
  const clip = (JSON.parse(texts.at(-1)!) as { data: { output: { result: Array<{ audio_url: string }> } } }).data.output.result[0]!
  const audio = await send(clip.audio_url)
  return { texts, audioBytes: (await audio.arrayBuffer()).byteLength }
}

it.each([
  ['msw', (...args: Parameters<typeof fetch>) => fetch(...args)],
  ['mock.fetch', (...args: Parameters<typeof fetch>) => fake.fetch(...args)],
] as const)(
  '%s: answers under fake timers as under real ones, delays and media included',
  async (_door, send) => {
    const real = await life(send)
    fake.reset()
    vi.useFakeTimers({ now: new Date('2031-05-06T07:08:09Z') })
    const faked = await life(send, () => vi.advanceTimersByTime(3_600_000)) // the test's time jumps an hour; the fake's does not
    expect(faked).toEqual(real)
    expect(real.audioBytes).toBeGreaterThan(10_000)
    expect(JSON.parse(faked.texts.at(-1)!).data.status).toBe('success')
  },
  10_000,
)
