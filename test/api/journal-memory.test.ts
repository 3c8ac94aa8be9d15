/**
 * Refused requests cannot fill the memory (issue 40, defect 1): a create of 1 MiB that the fake
 * refuses (400) is journaled with the 4 KiB of its body the journal shows, not the whole body.
 */
import { expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { createMockCore } from '../../src/mock/mock-core.js'
import { heapUsed } from '../support/heap.js'

it('32 refused creates of 1 MiB each keep a few hundred KiB, not 32 MiB', () => {
  const core = createMockCore({ scenario: 'version: 1\naccounts: [{ api_key: demo-key, credits: 10 }]\n', wallNow: () => 0 })
  const before = heapUsed()
  for (let index = 0; index < 32; index++) {
    const body = `{"model":"music-model","task_type":"nope-${index}","input":{"prompt":"${'p'.repeat(1 << 20)}"}}`
    const outcome = createTask(core.world, { apiKey: 'demo-key', origin: 'http://127.0.0.1', contentType: 'application/json', body })
    expect(outcome.response?.status).toBe(400)
  }
  expect(core.world.journal.size).toBe(32)
  expect(heapUsed() - before).toBeLessThan(8 * 2 ** 20)
})
