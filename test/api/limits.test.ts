/**
 * Each `service.limits` key bounds the field docs/scenarios.md says it does: `prompt` the prompt
 * of a lyrics task, `lyrics_prompt` the lyrics (prompt) of a custom or continuation music task.
 */
import { describe, expect, test } from 'vitest'
import { validateCreate } from '../../src/api/validate.js'
import { domainScenario } from '../support/domain-scenario.js'

const base = domainScenario().service
const service = { ...base, limits: { ...base.limits, prompt: 10, lyrics_prompt: 20 } }
const create = (task_type: string, input: Record<string, unknown>) => validateCreate({ model: 'music-model', task_type, input }, service)

describe('service.limits', () => {
  test.each([
    ['lyrics', { prompt: 'x'.repeat(10) }, true],
    ['lyrics', { prompt: 'x'.repeat(11) }, 'input.prompt: too long: 11 characters, at most 10 allowed'],
    ['music', { prompt: 'x'.repeat(20) }, true],
    ['music', { prompt: 'x'.repeat(21) }, 'input.prompt: too long: 21 characters, at most 20 allowed'],
    ['music', { continue_clip_id: 'c', prompt: 'x'.repeat(20) }, true],
    ['music', { continue_clip_id: 'c', prompt: 'x'.repeat(21) }, 'input.prompt: too long: 21 characters, at most 20 allowed'],
  ] as const)('%s %j → %s', (type, input, expected) => {
    const result = create(type, input)
    expect(result.ok ? true : result.message).toBe(expected)
  })
})
