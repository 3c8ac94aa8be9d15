/** The rate limiter's 429 and the client report meet: a retry inside Retry-After is reported. */
import { expect, it } from 'vitest'
import { getUsage } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'

it("reports requests sent inside a rate limit's Retry-After, and not those sent after it", () => {
  // Real time stands still; the client's waits are moves of the fake's clock, which the journal counts as time passing.
  const mock = createMock({
    scenario: 'version: 1\nservice: { rate_limit: { per_minute: 2 } }\naccounts: [{ api_key: k, credits: 10 }]\n',
    wallNow: () => 0,
  })
  const usage = () => getUsage(mock.world, { apiKey: 'k', origin: 'http://127.0.0.1' }).response!
  const step = (ms: number) => mock.clock.advance(ms)
  usage()
  step(2_000)
  usage()
  step(2_000)
  const refused = usage()
  expect(refused.status).toBe(429)
  expect(refused.headers?.['Retry-After']).toBe('56')
  step(1_000)
  expect(usage().status).toBe(429)
  const report = mock.report()
  expect(report.counts.retry_after_ignored).toBe(1)
  expect(report.violations.find((v) => v.rule === 'retry_after_ignored')?.message).toMatch(
    /within the Retry-After of 56 s given with 429 at #3 \(the first 1000 ms later\)/,
  )
  step(60_000)
  expect(usage().status).toBe(200)
  expect(mock.report().counts.retry_after_ignored).toBe(1)
})
