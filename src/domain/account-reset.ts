/**
 * One account back to a fresh start, the others untouched: how parallel test workers, each on
 * its own key, isolate themselves on a shared fake. The key's tasks, their clips, its ledger,
 * credit events and journal entries go; scenario-wide rule and fault counters (`nth`, `times`)
 * are shared by all keys and stay as they are.
 */
import type { World } from './world.js'

/** Forgets the key's account and everything it did; false when there is no such account. */
export function removeAccount(world: World, apiKey: string): boolean {
  return world.removeAccount(apiKey)
}

/** The account as if just opened with `credits`: no tasks, no events but the opening top-up. */
export function resetAccount(world: World, apiKey: string, credits: number): boolean {
  return world.resetAccount(apiKey, credits)
}
