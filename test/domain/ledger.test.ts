import { describe, expect, it } from 'vitest'
import { charge, freeze, ledgerViolations, openLedger, refund, topUp, usageOf } from '../../src/domain/ledger.js'

describe('ledger', () => {
  it('freezes, charges and refunds as DESIGN.md defines', () => {
    const ledger = openLedger(25)
    expect(freeze(ledger, 10)).toBe(true)
    expect(freeze(ledger, 10)).toBe(true)
    expect(ledger).toEqual({ available: 5, frozen: 20, spent: 0, topped_up: 25, tasks_created: 2 })
    expect(freeze(ledger, 10)).toBe(false)
    expect(ledger).toEqual({ available: 5, frozen: 20, spent: 0, topped_up: 25, tasks_created: 2 })
    charge(ledger, 10)
    refund(ledger, 10)
    expect(ledger).toEqual({ available: 15, frozen: 0, spent: 10, topped_up: 25, tasks_created: 2 })
    topUp(ledger, 5)
    expect(usageOf(ledger)).toEqual({ tasks_created: 2, credits_used: 10, credits_topped_up: 30 })
    expect(ledgerViolations(ledger)).toEqual([])
  })

  it('counts frozen credits as used', () => {
    const ledger = openLedger(10)
    freeze(ledger, 10)
    expect(usageOf(ledger).credits_used).toBe(10)
  })

  it('names each broken clause of the invariant', () => {
    expect(ledgerViolations({ available: -1, frozen: 0, spent: 0, topped_up: 0, tasks_created: 0 })).toEqual([
      'available is negative (-1)',
      'available + frozen + spent = -1, but topped_up = 0',
    ])
  })
})
