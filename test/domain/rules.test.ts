import { describe, expect, it } from 'vitest'
import { chooseTimeline, newRuleCounters, type TaskFacts } from '../../src/domain/rules.js'
import type { Rule } from '../../src/domain/types.js'
import { DEFAULT_TIMELINE, timeline } from '../support/domain-scenario.js'

const music: TaskFacts = { type: 'music', apiKey: 'k', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }
const lyrics: TaskFacts = { type: 'lyrics', apiKey: 'k', mode: null, mv: null, input: { prompt: 'x' } }

function choose(rules: Rule[], tasks: TaskFacts[], draws: number[] = []): string[] {
  const counters = newRuleCounters(rules)
  return tasks.map((facts, i) => chooseTimeline(rules, counters, facts, draws[i] ?? 0, DEFAULT_TIMELINE).timeline.name)
}

const fail = timeline('fail', { status: 'failure', error: 'no' })
const stop = timeline('stop', { status: 'timeout' })

describe('chooseTimeline', () => {
  it('takes the first rule that matches, else the default', () => {
    const rules: Rule[] = [
      { match: { task_type: 'lyrics' }, timeline: fail },
      { match: {}, timeline: stop },
    ]
    expect(choose(rules, [lyrics, music])).toEqual(['fail', 'stop'])
    expect(choose([{ match: { api_key: 'other' }, timeline: fail }], [music])).toEqual(['default'])
  })

  it('counts nth over every matching task, those an earlier rule took included', () => {
    const rules: Rule[] = [
      { match: { task_type: 'music', nth: 2 }, timeline: fail },
      { match: { task_type: 'music', nth: 4 }, timeline: stop },
    ]
    expect(choose(rules, [music, music, lyrics, music, music, music])).toEqual(['default', 'fail', 'default', 'default', 'stop', 'default'])
  })

  it('caps a rule at `times` tasks; later ones go on to the next rules', () => {
    const rules: Rule[] = [
      { match: { times: 2 }, timeline: fail },
      { match: {}, timeline: stop },
    ]
    expect(choose(rules, [music, lyrics, music])).toEqual(['fail', 'fail', 'stop'])
  })

  it('picks one_of by weight from the draw', () => {
    const rules: Rule[] = [
      {
        match: {},
        oneOf: [
          { weight: 85, timeline: DEFAULT_TIMELINE },
          { weight: 10, timeline: fail },
          { weight: 5, timeline: stop },
        ],
      },
    ]
    expect(choose(rules, [music, music, music, music, music], [0, 0.8499, 0.85, 0.9499, 0.95])).toEqual(['default', 'default', 'fail', 'fail', 'stop'])
  })

  it('tests input fields: equals, contains, matches, exists', () => {
    const rules: Rule[] = [
      { match: { input: { gpt_description_prompt: { equals: 'exact' } } }, timeline: timeline('equals', { status: 'success' }) },
      { match: { input: { gpt_description_prompt: { contains: 'fail' } } }, timeline: fail },
      { match: { input: { gpt_description_prompt: { matches: /^stop\b/ } } }, timeline: stop },
      { match: { input: { make_instrumental: { exists: true } } }, timeline: timeline('exists', { status: 'success' }) },
    ]
    const prompt = (text: string, extra = {}): TaskFacts => ({ ...music, input: { gpt_description_prompt: text, ...extra } })
    expect(choose(rules, [prompt('exact'), prompt('will fail'), prompt('stop now'), prompt('nonstop'), prompt('x', { make_instrumental: false })])).toEqual([
      'equals',
      'fail',
      'stop',
      'default',
      'exists',
    ])
  })
})
