/**
 * Where the spec is silent (DESIGN.md, "What the real service does where the spec is silent"),
 * the document says the behaviour is inferred and names the scenario key that changes it; and a
 * scenario that changes it gets a document that says so.
 */
import { describe, expect, test } from 'vitest'
import { INFERRED } from '../../src/api/inferred.js'
import { openApiDocument } from '../../src/openapi/document.js'
import { defaultScenario, parseScenario } from '../../src/scenario/index.js'

const document = openApiDocument(defaultScenario().service) as any
const schemas = document.components.schemas
const at = (pointer: string): any =>
  pointer
    .split('/')
    .slice(1)
    .reduce((node, key) => node?.[key.replaceAll('~1', '/')], document)

describe('inferred behaviour is marked as such', () => {
  test.each([
    ['prices', '/components/schemas/TaskCreated/properties/credits_charged/description', 'service.prices'],
    ['the custom music mode', '/components/schemas/MusicCustomInput/description', ''],
    ['the continuation music mode', '/components/schemas/MusicContinuationInput/description', ''],
    ['two clips per music task', '/components/schemas/MusicOutput/description', 'timelines.<name>[].output'],
    ['the lyrics output', '/components/schemas/LyricsOutput/description', 'timelines.<name>[].output'],
    ['the lyrics result entry', '/components/schemas/LyricsEntry/description', 'timelines.<name>[].output'],
    ['the upload output', '/components/schemas/UploadOutput/description', 'timelines.<name>[].output'],
    ['the concat output', '/components/schemas/ConcatOutput/description', 'timelines.<name>[].output'],
    ['the error body', '/components/schemas/Error/description', ''],
    ['timeouts', '/components/schemas/TaskTimedOut/description', 'service.timeout_after'],
    ['429 on Create Task', '/paths/~1api~1v1~1task/post/responses/429/description', 'service.rate_limit'],
    ['429 on Get Task', '/paths/~1api~1v1~1task~1{taskId}/get/responses/429/description', 'service.rate_limit'],
    ['429 on usage', '/paths/~1api~1v1~1account~1usage/get/responses/429/description', 'service.rate_limit'],
    ['the body size limit', '/paths/~1api~1v1~1task/post/responses/413/description', 'service.max_body_bytes'],
    ['no idempotency key', '/paths/~1api~1v1~1task/post/description', ''],
  ])('%s', (_what, pointer, key) => {
    const description = at(pointer)
    expect(description).toContain(INFERRED)
    if (key !== '') expect(description).toContain(`Scenario key: \`${key}\``)
  })

  test('429 carries a required Retry-After; every answer to a known key may carry the X-RateLimit headers', () => {
    const headers = at('/paths/~1api~1v1~1task/post/responses/429/headers')
    expect(Object.keys(headers)).toEqual(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'])
    expect(headers['Retry-After'].required).toBe(true)
    expect(at('/paths/~1api~1v1~1account~1usage/get/responses/200/headers/X-RateLimit-Limit')).toEqual({ $ref: '#/components/headers/X-RateLimit-Limit' })
    expect(at('/paths/~1api~1v1~1account~1usage/get/responses/401/headers')).toBeUndefined()
    expect(at('/components/headers/X-RateLimit-Limit/description')).toContain(INFERRED)
  })

  test('every input length limit is marked inferred with its scenario key', () => {
    const limited: string[] = []
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return
      const record = node as Record<string, unknown>
      if (typeof record['maxLength'] === 'number') {
        limited.push(path)
        expect(record['description'], path).toContain(INFERRED)
        expect(record['description'], path).toMatch(/Scenario key: `service\.limits\.[a-z_]+`/)
      }
      for (const [key, child] of Object.entries(record)) visit(child, `${path}/${key}`)
    }
    visit(schemas, '')
    expect(limited.map((path) => path.split('/properties/').pop()).sort()).toEqual(
      expect.arrayContaining(['gpt_description_prompt', 'negative_tags', 'prompt', 'tags', 'title']),
    )
  })
})

describe('a scenario that overrides an inferred choice gets a document that says so', () => {
  const parsed = parseScenario(
    `version: 1
service:
  model: other-model
  versions: [v1, v2]
  default_version: v2
  prices: { music: 20 }
  limits: { title: 12, lyrics_prompt: 40, prompt: 30 }
  max_body_bytes: 2048
`,
    'overrides.yaml',
  )
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('\n'))
  const custom = openApiDocument(parsed.scenario.service) as any
  const of = (id: string) => custom.components.schemas[id]

  test('model, versions and limits are in the request schemas', () => {
    expect(of('CreateMusicTaskRequest').properties.model.const).toBe('other-model')
    expect(of('MusicDescriptionInput').properties.mv.enum).toEqual(['v1', 'v2'])
    expect(of('MusicDescriptionInput').properties.mv.description).toContain('(default v2)')
    expect(of('MusicContinuationInput').properties.title.maxLength).toBe(12)
    expect(of('MusicContinuationInput').properties.prompt.maxLength).toBe(40)
    expect(of('LyricsInput').properties.prompt.maxLength).toBe(30)
  })

  test('prices and the body limit show in the examples and descriptions the fake answered', () => {
    const created = custom.paths['/api/v1/task'].post.responses['202'].content['application/json'].examples.created.value
    expect(created.data.credits_charged).toBe(20)
    expect(custom.paths['/api/v1/task'].post.responses['413'].description).toContain('bodies over 2048 bytes')
    expect(custom.paths['/api/v1/task'].post.requestBody.content['application/json'].examples.music.value.model).toBe('other-model')
  })
})
