/**
 * The credits a key opened with, as its 402s tell them (issue 39): "Insufficient credits:
 * available 3, required 10" says what the account held at that request, so the replay opens the
 * account with what gives that balance there, and its own ledger answers the 402 again, where the
 * replaying client's creates leave it, instead of a fault at a fixed position. Pure.
 */

/** A create the upstream refused for credits: its place in the session and the balance it named. */
export interface Refusal {
  seq: number
  /** When it was sent (the recorder's clock). */
  at: number
  available: number
}

/** A task the key created: its place, its price, and when its refund was first seen (failure, timeout). */
export interface Charge {
  seq: number
  /** When it was created (the recorder's clock). */
  at: number
  cost: number | null
  refundedAt: number | null
}

/** The balance a 402's message names (`available 3`), or null. */
export function availableIn(message: unknown): number | null {
  const found = typeof message === 'string' ? /\bavailable\D{0,3}(\d{1,15})\b/i.exec(message) : null
  return found === null ? null : Number(found[1])
}

/** Credits the key's tasks created before `seq` hold at `at`: frozen or spent, not yet seen refunded. */
function heldBefore(charges: readonly Charge[], seq: number, at: number): number {
  return charges.filter((charge) => charge.seq < seq && !(charge.refundedAt !== null && charge.refundedAt <= at)).reduce((sum, charge) => sum + charge.cost!, 0)
}

/**
 * The opening that gives each 402 the balance it named, or null when they name no one amount
 * (a top-up in between, a price not seen) or a create the upstream accepted would not fit it.
 */
export function openingFrom402s(refusals: readonly Refusal[], charges: readonly Charge[]): number | null {
  if (refusals.length === 0 || charges.some((charge) => charge.cost === null)) return null
  const openings = new Set(refusals.map((refusal) => refusal.available + heldBefore(charges, refusal.seq, refusal.at)))
  if (openings.size !== 1) return null
  const opening = [...openings][0]!
  // Every create the upstream accepted must be one the replay's ledger accepts too (refunds seen
  // by the moment it was made count: the client saw them).
  const fits = charges.every((charge) => opening - heldBefore(charges, charge.seq, charge.at) >= charge.cost!)
  return fits ? opening : null
}
