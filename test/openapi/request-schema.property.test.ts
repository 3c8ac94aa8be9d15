/**
 * The document's CreateTaskRequest says yes exactly when the fake does: random Create Task bodies
 * (every task type, the three music modes, their mixtures, values of every JSON type, lengths
 * around the limits) are accepted by the fake's validator if and only if ajv accepts them against
 * the generated schema. Strings are drawn from the BMP: JSON Schema counts a length in code points
 * and the fake (like JavaScript) in UTF-16 units, which differ only for astral characters. URLs are
 * drawn from clearly valid and clearly invalid ones: URL parsing is not something JSON Schema says.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { validateCreate } from '../../src/api/validate.js'
import { TEXT_LIMITS, type Limits } from '../../src/domain/task-types/index.js'
import { openApiDocument } from '../../src/openapi/document.js'
import { withoutMappings } from '../../src/openapi/response-validator.js'
import { domainScenario } from '../support/domain-scenario.js'

const service = {
  ...domainScenario().service,
  versions: ['v1', 'v2'],
  defaultVersion: 'v2',
  // Every type's text limits, each 2 to 4 characters.
  limits: Object.fromEntries(TEXT_LIMITS.map(([name], i) => [name, 2 + (i % 3)])) as Limits,
}
const ajv = new Ajv2020({ strict: true, discriminator: true })
addFormats(ajv)
ajv.addKeyword({ keyword: 'components' })
ajv.addSchema({ $id: 'urn:doc:openapi', components: withoutMappings(openApiDocument(service)['components']) as object })
const documentSays = ajv.compile({ $ref: 'urn:doc:openapi#/components/schemas/CreateTaskRequest' })

/** Lengths 0 to 5 equally often: the limits above sit in that range. */
const text = fc.integer({ min: 0, max: 5 }).chain((length) => fc.string({ unit: fc.constantFrom('a', 'é', '東', ' '), minLength: length, maxLength: length }))
const anything = fc.oneof(text, fc.boolean(), fc.constantFrom(-1, 0, 5.5, null, [], {}))
const field = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: anything })

const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  gpt_description_prompt: field(text),
  prompt: field(text),
  tags: field(text),
  negative_tags: field(text),
  title: field(text),
  continue_clip_id: field(text),
  continue_at: field(fc.constantFrom(0, 12.5, -3)),
  make_instrumental: field(fc.boolean()),
  mv: field(fc.constantFrom('v1', 'v2', 'v3')),
  url: field(fc.constantFrom('https://x.test/a.mp3', 'http://x.test/b%20c.wav', 'ftp://x.test/a.mp3', 'not a url')),
  clip_id: field(text),
  extra: anything,
}

/** A few fields at a time, so that every mode, and every mixture of two, comes up often. */
const input = fc
  .uniqueArray(fc.constantFrom(...Object.keys(FIELDS)), { maxLength: 4 })
  .chain((keys) => fc.tuple(...keys.map((key) => FIELDS[key]!)).map((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]]))))

/** Bodies with the three required fields, now and then one of them left out. */
const body = fc
  .tuple(
    fc.record(
      {
        model: fc.oneof({ weight: 12, arbitrary: fc.constant('music-model') }, { weight: 1, arbitrary: anything }),
        task_type: fc.oneof({ weight: 12, arbitrary: fc.constantFrom('music', 'lyrics', 'upload', 'concat') }, { weight: 1, arbitrary: anything }),
        input: fc.oneof({ weight: 8, arbitrary: input }, { weight: 1, arbitrary: anything }),
        extra: anything,
      },
      { requiredKeys: ['model', 'task_type', 'input'] },
    ),
    fc.constantFrom(...Array<null>(15).fill(null), 'model', 'task_type', 'input'),
  )
  .map(([value, left]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== left)))

test('CreateTaskRequest accepts a body exactly when the fake does', () => {
  let accepted = 0
  fc.assert(
    fc.property(body, (value) => {
      const fake = validateCreate(value, service)
      if (fake.ok) accepted++
      expect(documentSays(value), fake.ok ? 'the fake accepts it' : `the fake says: ${fake.message}`).toBe(fake.ok)
    }),
    { numRuns: 4_000, seed: 5 },
  )
  // The generator reaches both answers often enough for the property to mean something.
  expect(accepted).toBeGreaterThan(200)
})
