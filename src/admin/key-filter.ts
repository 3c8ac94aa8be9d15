/**
 * A key filter of the admin API (`api_key=`): a whole key, or a label as the journal and the
 * report show it (`ke…01`). A label always holds `…` (or is `(no key)`), which no key sent in a
 * header does (visible ASCII), so the two never mix; a label names exactly one key in play.
 */
import { NO_KEY_LABEL } from '../domain/key-labels.js'
import type { World } from '../domain/world.js'

/** A key filter as the key it selects: null for requests sent without one; undefined when the label names no key in play. */
export function keyOfFilter(world: World, text: string): string | null | undefined {
  if (text === NO_KEY_LABEL) return null
  return text.includes('…') ? world.keyOfLabel(text) : text
}
