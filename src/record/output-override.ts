/**
 * The output a task was seen with → a success step's `output` override: every field but the
 * identifiers and media URLs, which the replaying fake makes its own (its clip ids are the ones
 * its media routes serve and a concat can name). The override merges over the generated output
 * entry by entry, so titles, durations and lyrics come out as recorded.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Keys the fake generates itself: ids and media URLs. */
function isOwnKey(key: string): boolean {
  return key === 'id' || key === 'taskId' || key.endsWith('_url')
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip)
  if (!isPlainObject(value)) return value
  const kept: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    // defineProperty: a recorded "__proto__" field stays a plain field.
    if (!isOwnKey(key)) Object.defineProperty(kept, key, { value: strip(entry), enumerable: true, writable: true, configurable: true })
  }
  return kept
}

/** The override for a recorded output, or null when there is nothing to carry over. */
export function outputOverride(output: unknown): Record<string, unknown> | null {
  if (!isPlainObject(output)) return null
  const stripped = strip(output) as Record<string, unknown>
  return Object.keys(stripped).length === 0 ? null : stripped
}
