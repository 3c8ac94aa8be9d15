/**
 * The credit ledger of one account (DESIGN.md, "Credits").
 * Invariant at every instant: available + frozen + spent == topped_up, no field below zero,
 * and each task's freeze ends in exactly one charge or one refund.
 */

export interface Ledger {
  available: number
  frozen: number
  spent: number
  topped_up: number
  tasks_created: number
}

export type CreditEventKind = 'top_up' | 'freeze' | 'charge' | 'refund'

export interface CreditEvent {
  kind: CreditEventKind
  credits: number
  /** The task the event belongs to; absent for top-ups. */
  task_id?: string
  at: number
}

export function openLedger(credits: number): Ledger {
  return { available: credits, frozen: 0, spent: 0, topped_up: credits, tasks_created: 0 }
}

export function topUp(ledger: Ledger, credits: number): void {
  ledger.available += credits
  ledger.topped_up += credits
}

/** Freezes `price` for a new task; false (and nothing changed) when the balance is too low. */
export function freeze(ledger: Ledger, price: number): boolean {
  if (ledger.available < price) return false
  ledger.available -= price
  ledger.frozen += price
  ledger.tasks_created += 1
  return true
}

/** A task succeeded: its frozen credits are spent. */
export function charge(ledger: Ledger, price: number): void {
  ledger.frozen -= price
  ledger.spent += price
}

/** A task failed or timed out: its frozen credits come back. */
export function refund(ledger: Ledger, price: number): void {
  ledger.frozen -= price
  ledger.available += price
}

/** The usage figures of the public API. */
export function usageOf(ledger: Ledger): { tasks_created: number; credits_used: number; credits_topped_up: number } {
  return {
    tasks_created: ledger.tasks_created,
    credits_used: ledger.spent + ledger.frozen,
    credits_topped_up: ledger.topped_up,
  }
}

/** The invariant; a message per broken clause (empty when it holds). */
export function ledgerViolations(ledger: Ledger): string[] {
  const problems: string[] = []
  for (const field of ['available', 'frozen', 'spent', 'topped_up', 'tasks_created'] as const) {
    if (ledger[field] < 0) problems.push(`${field} is negative (${ledger[field]})`)
  }
  const sum = ledger.available + ledger.frozen + ledger.spent
  if (sum !== ledger.topped_up) {
    problems.push(`available + frozen + spent = ${sum}, but topped_up = ${ledger.topped_up}`)
  }
  return problems
}

/** The ledger after each event, replayed from nothing: what "the balance after each event" shows. */
export function replayLedger(events: readonly CreditEvent[]): Ledger[] {
  const ledger = openLedger(0)
  const after: Ledger[] = []
  for (const event of events) {
    if (event.kind === 'top_up') topUp(ledger, event.credits)
    else if (event.kind === 'freeze') freeze(ledger, event.credits)
    else if (event.kind === 'charge') charge(ledger, event.credits)
    else refund(ledger, event.credits)
    after.push({ ...ledger })
  }
  return after
}
