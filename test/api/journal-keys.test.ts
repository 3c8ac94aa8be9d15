/**
 * The journal shows no API key in any spelling it can recognise (issue 40, defect 9): a key sent
 * `\/`- or `\u`-escaped inside a JSON body, %-encoded, as HTML entities, in base64, hex or a JWT
 * payload, or upper case, is masked in the entry `GET /__admin/journal/{seq}` shows (and so in
 * the inspector, which reads it).
 */
import { describe, expect, it } from 'vitest'
import { journalEntry } from '../../src/admin/operations.js'
import { createTask, getUsage } from '../support/api-calls.js'
import { BODY_CAP } from '../../src/domain/exchange.js'
import { createMockCore } from '../../src/mock/mock-core.js'
import { keySpellings, revealing } from '../support/key-spellings.js'

const KEY = 'sk/live/4f9a8c2e-Secret'
const scenario = `version: 1\naccounts: [{ api_key: "${KEY}", credits: 1000 }]\n`
const origin = 'http://127.0.0.1:4010'

function create(body: string) {
  const core = createMockCore({ scenario, wallNow: () => 0 })
  const outcome = createTask(core.world, { apiKey: KEY, origin, contentType: 'application/json', body })
  return { core, outcome, entry: journalEntry(core, '1') }
}

describe('the journal masks a key in every spelling', () => {
  it.each(Object.entries(keySpellings(KEY)))('%s, inside a JSON body', (_name, spelled) => {
    const body = `{"model":"music-model","task_type":"lyrics","input":{"prompt":"my key is ${spelled} ok"}}`
    const { outcome, entry } = create(body)
    expect(outcome.response?.status).toBe(202)
    expect(revealing(entry.exchange!.request.body!, KEY)).toEqual([])
    expect(entry.exchange!.request.body).toContain('my key is ')
    expect(entry.exchange!.request.body).toContain(' ok')
  })

  it('all of them at once, and in a body the fake refuses', () => {
    const all = Object.values(keySpellings(KEY)).join(' ')
    const { outcome, entry } = create(`not json: ${all}`)
    expect(outcome.response?.status).toBe(400)
    expect(revealing(entry.exchange!.request.body!, KEY)).toEqual([])
  })

  it('a key that straddles the cut at BODY_CAP shows no part of it past the mask', () => {
    const spelled = keySpellings(KEY)['JSON \\u-escaped']!
    const lead = 'x'.repeat(BODY_CAP - 40) // the spelling starts 29 characters before the cut
    const { entry } = create(`{"prompt":"${lead}${spelled}${'y'.repeat(5000)}"}`)
    const shown = entry.exchange!.request.body!
    expect(revealing(shown, KEY)).toEqual([])
    expect(shown).not.toContain('\\u0073\\u006b')
    expect(entry.exchange!.request.truncated).toBeGreaterThan(BODY_CAP)
  })

  it('an answer that echoes the key (a scripted fault message) shows it masked', () => {
    const echo = `version: 1\naccounts: [{ api_key: "${KEY}", credits: 10 }]\nfaults:\n  - match: { endpoint: usage }\n    respond: { status: 403, message: "key ${KEY.replaceAll('/', '%2F').toLowerCase()} is revoked" }\n`
    const core = createMockCore({ scenario: echo, wallNow: () => 0 })
    const outcome = getUsage(core.world, { apiKey: KEY, origin })
    expect(outcome.response?.status).toBe(403)
    const entry = journalEntry(core, '1')
    expect(revealing(entry.exchange!.response!.body!, KEY)).toEqual([])
  })
})
