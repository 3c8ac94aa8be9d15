/**
 * Worlds stay apart: one world's client session gets the same bytes (answers, then its journal
 * and client report) alone and while another world on the same registry advances its clock,
 * resets, loads another scenario or is flooded with requests. In-process, through the public
 * API's functions (src/api/public-api.ts), on the bundled default scenario.
 */
import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import type { MockCore } from '../../src/mock/mock-core.js'
import { bundledLibrary } from '../../src/mock/bundled-scenarios.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry, type WorldRegistry } from '../../src/worlds/world-registry.js'

const ORIGIN = 'http://127.0.0.1:4010'
const DEFAULT = resolveScenario(undefined, undefined, bundledLibrary)
const music = (prompt: string) => JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

function core(worlds: WorldRegistry<MockCore>, name: string): MockCore {
  const used = worlds.use(name)
  if (!used.ok) throw new Error(used.error.message)
  return used.value
}

const text = (outcome: ReturnType<typeof getUsage>) => `${outcome.response?.status} ${outcome.response?.body}`

type Other = (other: MockCore, step: number) => void

const OTHERS: Record<string, Other> = {
  'advances its clock': (other) => other.clock.advance('7m'),
  resets: (other, step) => (step % 2 === 0 ? other.reset() : other.reset('happy-path')),
  'loads another scenario': (other) =>
    other.reset('version: 1\nname: other\nclock: { mode: manual, tick: 1h }\naccounts: [{ api_key: demo-key, credits: 3 }]\n'),
  'is flooded': (other) => {
    for (let i = 0; i < 50; i++) createTask(other.world, { apiKey: 'demo-key', origin: ORIGIN, contentType: 'application/json', body: music(`flood ${i}`) })
    for (const id of [...other.world.tasks.keys()].slice(-20)) getTask(other.world, { apiKey: 'demo-key', origin: ORIGIN }, id)
  },
}

/** World "mine": four creates (one made to fail), then polls, then usage; `between` runs before each request. */
function session(other: Other | null): string[] {
  const worlds = createWorldRegistry({
    create: worldFactory({ scenario: () => DEFAULT, library: bundledLibrary, options: { wallNow: () => 0 } }),
    now: () => 0,
  })
  const answers: string[] = []
  let step = 0
  const mine = () => {
    if (other !== null) other(core(worlds, 'theirs'), step++)
    return core(worlds, 'mine').world
  }
  const key = { apiKey: 'demo-key', origin: ORIGIN }
  const ids: string[] = []
  for (const prompt of ['one', 'two', 'three', 'made to fail']) {
    const created = createTask(mine(), { ...key, contentType: 'application/json', body: music(prompt) })
    answers.push(text(created))
    ids.push(JSON.parse(created.response!.body).data.task_id)
  }
  for (let round = 0; round < 5; round++) for (const id of ids) answers.push(text(getTask(mine(), key, id)))
  answers.push(text(getUsage(mine(), key)))
  const own = core(worlds, 'mine')
  answers.push(JSON.stringify(own.journal({ limit: 1000 })), JSON.stringify(own.report()), own.clock.now().toISOString())
  return answers
}

describe('a world beside another', () => {
  const alone = session(null)

  it('answers pending or running first, and every task ends', () => {
    expect(alone.slice(4, 8).map((answer) => JSON.parse(answer.slice(4)).data.status)).toEqual(['pending', 'pending', 'pending', 'pending'])
    expect(alone.slice(20, 24).map((answer) => JSON.parse(answer.slice(4)).data.status)).toEqual(['success', 'success', 'success', 'failure'])
  })

  it.each(Object.keys(OTHERS))('gives the same bytes while the other world %s', (name) => {
    expect(session(OTHERS[name]!)).toEqual(alone)
  })
})
