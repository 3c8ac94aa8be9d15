/**
 * Finding an API key in a text in every spelling the fake can recognise (issue 40), so the
 * journal (and the inspector, which reads it) and `record` can mask it:
 *
 * - character by character, each character as it is, in either case, or escaped: JSON
 *   (`\/`, `\"`, `\uXXXX` in either case), %-encoded (any case, whole UTF-8 sequences), HTML
 *   entities (`&#115;`, `&#x73;`, `&sol;`); spellings may mix within one key;
 * - whole: hex of its UTF-8 bytes (either case), and base64 or base64url of it at any of the
 *   three byte alignments, so a key inside a longer encoded value is found too (`Basic` auth's
 *   `user:KEY`, a JWT payload).
 *
 * The text is decoded once, with each decoded character remembering where it came from, and the
 * key searched in that; the key's whole-encodings are searched in the text as it is. Linear in
 * the text, whatever the key. Pure: no Node built-ins (the domain runs in a browser).
 */

/** Whole-key encodings shorter than this are not searched: a few base64 characters match text by chance. */
const MIN_ENCODED = 8

/** HTML's named entities for the ASCII characters a key may hold. */
const NAMED: Readonly<Record<string, string>> = {
  sol: '/',
  bsol: '\\',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  plus: '+',
  equals: '=',
  colon: ':',
  semi: ';',
  period: '.',
  comma: ',',
  lowbar: '_',
  UnderBar: '_',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  quest: '?',
  commat: '@',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  verbar: '|',
  vert: '|',
  Hat: '^',
  grave: '`',
  tilde: '~',
  hyphen: '-',
  dash: '-',
}
const JSON_SHORT: Readonly<Record<string, string>> = { '/': '/', '"': '"', '\\': '\\', "'": "'", b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z]{2,8}));?/y
/** Where an escape may start: `\`, `%` or `&`. */
const ESCAPE_START = /[\\%&]/g

/** The value of the hex digits text[at, at + count), or -1. */
function hexAt(text: string, at: number, count: number): number {
  let value = 0
  for (let index = at; index < at + count; index++) {
    const code = text.charCodeAt(index)
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : code >= 97 && code <= 102 ? code - 87 : -1
    if (digit === -1) return -1
    value = value * 16 + digit
  }
  return value
}

/** Each UTF-16 unit lower-cased where that keeps it one unit (positions stay where they were). */
function lower(text: string): string {
  const lowered = text.toLowerCase()
  // Only a few characters change length (U+0130 İ becomes two units): then unit by unit.
  if (lowered.length === text.length) return lowered
  let out = ''
  for (let index = 0; index < text.length; index++) {
    const unit = text[index]!.toLowerCase()
    out += unit.length === 1 ? unit : text[index]
  }
  return out
}

interface Decoded {
  /** The text decoded, lower-cased. */
  text: string
  /** Where each decoded unit starts and ends in the source. */
  starts: Int32Array
  ends: Int32Array
}

/** What the last escape read stood for (one or two UTF-16 units), set by the readers below: no object per escape. */
let first = 0
let second = -1

/** Sets `first`/`second` to the code point's units. */
function setPoint(point: number): void {
  if (point < 0x10000) {
    first = point
    second = -1
  } else {
    first = 0xd800 + ((point - 0x10000) >> 10)
    second = 0xdc00 + ((point - 0x10000) & 0x3ff)
  }
}

/** A %-encoded UTF-8 sequence at `at`: where it ends (its character in `first`/`second`), or -1. */
function percentAt(text: string, at: number): number {
  const byteAt = (position: number): number => (text.charCodeAt(position) === 37 ? hexAt(text, position + 1, 2) : -1)
  const lead = byteAt(at)
  if (lead === -1) return -1
  const length = lead < 0x80 ? 1 : lead >= 0xf0 && lead < 0xf8 ? 4 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xc0 && lead < 0xe0 ? 2 : 0
  if (length === 0) return -1
  let point = length === 1 ? lead : lead & (0x3f >> (length - 1))
  for (let index = 1; index < length; index++) {
    const next = byteAt(at + 3 * index)
    if (next === -1 || (next & 0xc0) !== 0x80) return -1
    point = (point << 6) | (next & 0x3f)
  }
  if (point > 0x10ffff) return -1
  setPoint(point)
  return at + 3 * length
}

/** The escape at `at` (JSON, %, HTML): where it ends (what it stands for in `first`/`second`), or -1 for a plain character. */
function escapeAt(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (code === 92) {
    // \
    const next = text[at + 1]
    const unit = next === 'u' ? hexAt(text, at + 2, 4) : -1
    if (unit !== -1) {
      setPoint(unit)
      return at + 6
    }
    const short = next === undefined ? undefined : JSON_SHORT[next]
    if (short === undefined) return -1
    setPoint(short.charCodeAt(0))
    return at + 2
  }
  if (code === 37) return percentAt(text, at) // %
  if (code !== 38) return -1 // &
  ENTITY.lastIndex = at
  const found = ENTITY.exec(text)
  if (found === null) return -1
  const [whole, hex, decimal, name] = found
  const point = hex !== undefined ? Number.parseInt(hex, 16) : decimal !== undefined ? Number(decimal) : (NAMED[name!]?.charCodeAt(0) ?? -1)
  if (point === -1 || point > 0x10ffff) return -1
  setPoint(point)
  return at + whole.length
}

/**
 * Whether any escape in `text` stands for a character: a body often holds a `%` or `&` that starts
 * none (`"progress":"100%"`), and then the decoded text is the text itself, found without decoding.
 */
function decodes(text: string): boolean {
  ESCAPE_START.lastIndex = 0
  for (let found = ESCAPE_START.exec(text); found !== null; found = ESCAPE_START.exec(text)) {
    if (escapeAt(text, found.index) !== -1) return true
  }
  return false
}

/** The text with its escapes decoded (never longer than the text: no escape stands for more units than it has). */
function decode(text: string): Decoded {
  const units = new Uint16Array(text.length)
  const starts = new Int32Array(text.length)
  const ends = new Int32Array(text.length)
  let length = 0
  let at = 0
  while (at < text.length) {
    const end = escapeAt(text, at)
    if (end === -1) {
      units[length] = text.charCodeAt(at)
      starts[length] = at
      ends[length++] = at + 1
      at += 1
      continue
    }
    units[length] = first
    starts[length] = at
    ends[length++] = end
    if (second !== -1) {
      units[length] = second
      starts[length] = at
      ends[length++] = end
    }
    at = end
  }
  let out = ''
  for (let from = 0; from < length; from += 8192) out += String.fromCharCode(...units.subarray(from, Math.min(length, from + 8192)))
  return { text: lower(out), starts, ends }
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/=+$/, '')
}

/**
 * The key's whole encodings: hex (searched lower-cased) and the base64 characters that depend on
 * the key's bytes alone, at each alignment and in both alphabets (searched as they are).
 */
function encodings(key: string): { hex: string[]; base64: string[] } {
  const bytes = new TextEncoder().encode(key)
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  const forms = new Set<string>()
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length)
    padded.set(bytes, offset)
    // Character j covers bits 6j..6j+5: those wholly inside the key's bits depend on nothing else.
    const core = base64(padded).slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6))
    forms.add(core)
    forms.add(core.replaceAll('+', '-').replaceAll('/', '_'))
  }
  // The key encoded alone ends in a character it fills partly, and padding: those go with it.
  const whole = base64(bytes)
  const padding = '='.repeat((4 - (whole.length % 4)) % 4)
  for (const form of [whole, whole + padding]) {
    forms.add(form)
    forms.add(form.replaceAll('+', '-').replaceAll('/', '_'))
  }
  return { hex: hex.length >= MIN_ENCODED ? [hex] : [], base64: [...forms].filter((form) => form.length >= MIN_ENCODED) }
}

/** The last few keys' encodings: a client sends the same key again and again. */
const cache = new Map<string, { lowered: string; hex: string[]; base64: string[] }>()

function spellingsOf(key: string): { lowered: string; hex: string[]; base64: string[] } {
  let found = cache.get(key)
  if (found === undefined) {
    if (cache.size >= 64) cache.clear()
    found = { lowered: lower(key), ...encodings(key) }
    cache.set(key, found)
  }
  return found
}

/** Every [start, end) in `haystack` where `needle` occurs, not overlapping. */
function occurrences(haystack: string, needle: string, into: Array<[number, number]>, map?: Decoded): void {
  if (needle === '') return
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    into.push(map === undefined ? [at, at + needle.length] : [map.starts[at]!, map.ends[at + needle.length - 1]!])
  }
}

/** Where `key` occurs in `text`, in any spelling: [start, end) ranges of the text, sorted and merged. */
export function keySpans(text: string, key: string): Array<[number, number]> {
  const { lowered, hex, base64: encoded } = spellingsOf(key)
  const spans: Array<[number, number]> = []
  const plain = lower(text)
  if (decodes(text)) {
    const decoded = decode(text)
    occurrences(decoded.text, lowered, spans, decoded)
  } else occurrences(plain, lowered, spans)
  for (const form of hex) occurrences(plain, form, spans)
  for (const form of encoded) occurrences(text, form, spans)
  spans.sort((a, b) => a[0] - b[0])
  const merged: Array<[number, number]> = []
  for (const span of spans) {
    const last = merged[merged.length - 1]
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1])
    else merged.push([span[0], span[1]])
  }
  return merged
}

/**
 * `text` with every spelling of `key` replaced by `replacement`; with `limit`, cut after `limit`
 * characters of that, except that a replacement the cut falls in is kept whole. Only as much of
 * the text is searched as the cut needs (a journal entry of a 1 MiB body reads about 4 KiB), and
 * never a spelling cut in two: a spelling that starts in what is shown ends there too.
 */
export function replaceKey(text: string, key: string, replacement: string, limit = Infinity): string {
  // A spelling is at most 12 characters a character of the key (`%F0%9F%98%80`, `&#x1F600;`).
  const longest = 12 * key.length + 16
  for (let size = limit + longest; ; size *= 2) {
    const whole = size >= text.length
    const window = whole ? text : text.slice(0, size)
    // What is masked for sure: every spelling that starts before `safe` ends inside the window.
    const safe = whole ? window.length : window.length - longest
    let out = ''
    let at = 0
    for (const [start, end] of keySpans(window, key)) {
      if (start >= safe || out.length + (start - at) >= limit) break
      out += window.slice(at, start) + replacement
      at = end
      if (out.length >= limit) return out
    }
    const rest = window.slice(at, Math.max(at, safe))
    if (out.length + rest.length >= limit) return out + rest.slice(0, limit - out.length)
    if (whole) return out + rest
  }
}
