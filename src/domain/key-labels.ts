/**
 * The label each API key is shown with in a world (journal rows and kept headers, the client
 * report, the inspector, filters): a mask of the key (mask.ts), unique among the keys in play, so
 * a label names exactly one key. Where two keys would share a mask, a longer one tells them apart;
 * where no mask that still hides a third of the key can, `~2`, `~3` follow the label.
 *
 * A label never changes once given (decision 064): kept headers, printed reports and shared links
 * keep meaning the same key. The scenario's keys are labelled together, so `key-01…key-50` read
 * `ke…01…ke…50`; a key seen later takes the shortest mask no other key has.
 */
import { keyMasks } from './mask.js'

export const NO_KEY_LABEL = '(no key)'

export class KeyLabels {
  readonly #byKey = new Map<string, string>()
  readonly #byLabel = new Map<string, string>()

  /** `keys` (a scenario's accounts) are labelled together: each gets the shortest mask that none of the others shares. */
  constructor(keys: Iterable<string> = []) {
    const masks = new Map<string, string[]>()
    for (const key of keys) if (key !== '' && !masks.has(key)) masks.set(key, keyMasks(key))
    const level = new Map<string, number>([...masks.keys()].map((key) => [key, 0]))
    const labelAt = (key: string) => masks.get(key)![level.get(key)!]!
    for (let moved = true; moved;) {
      moved = false
      for (const group of groups(masks.keys(), labelAt)) {
        if (group.length < 2) continue
        for (const key of group) {
          if (level.get(key)! < masks.get(key)!.length - 1) {
            level.set(key, level.get(key)! + 1)
            moved = true
          }
        }
      }
    }
    // Keys no mask tells apart: in the order of their text, the first keeps the label.
    for (const group of groups(masks.keys(), labelAt)) for (const key of group.sort()) this.#give(key, this.#free(labelAt(key)))
  }

  get size(): number {
    return this.#byKey.size
  }

  /** The key's label, given now if it has none: the shortest of its masks no other key has. */
  label(apiKey: string | null): string {
    if (apiKey === null || apiKey === '') return NO_KEY_LABEL
    const given = this.#byKey.get(apiKey)
    if (given !== undefined) return given
    const masks = keyMasks(apiKey)
    const label = masks.find((mask) => !this.#byLabel.has(mask)) ?? this.#free(masks.at(-1)!)
    this.#give(apiKey, label)
    return label
  }

  /** The key a label names, if any key in play has it. */
  keyOf(label: string): string | undefined {
    return this.#byLabel.get(label)
  }

  /** Forgets the labels of keys no longer in play (bounds memory against clients that send many keys). */
  retain(inPlay: (apiKey: string) => boolean): void {
    for (const [key, label] of this.#byKey) {
      if (inPlay(key)) continue
      this.#byKey.delete(key)
      this.#byLabel.delete(label)
    }
  }

  #give(apiKey: string, label: string): void {
    this.#byKey.set(apiKey, label)
    this.#byLabel.set(label, apiKey)
  }

  /** `label`, or `label~2`, `label~3`… the first no key has. */
  #free(label: string): string {
    if (!this.#byLabel.has(label)) return label
    let n = 2
    while (this.#byLabel.has(`${label}~${n}`)) n += 1
    return `${label}~${n}`
  }
}

function groups(keys: Iterable<string>, labelOf: (key: string) => string): string[][] {
  const byLabel = new Map<string, string[]>()
  for (const key of keys) {
    const label = labelOf(key)
    const group = byLabel.get(label)
    if (group === undefined) byLabel.set(label, [key])
    else group.push(key)
  }
  return [...byLabel.values()]
}
