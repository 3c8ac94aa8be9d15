/**
 * Decision records (docs/decisions/NNN-title.md): each says near its top whether it stands
 * (`Status: accepted`) or which record replaced it (`Status: superseded by NNN`, a record that
 * exists), and fits on one page. A changed decision is a new record, not an addendum.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const DIR = join(import.meta.dirname, '../../docs/decisions')
/** One page: 62 lines of at most 100 characters (a longer line counts as the lines it wraps to). */
const PAGE_LINES = 62
const COLUMNS = 100

const records = readdirSync(DIR)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }))
const numbers = new Set(records.map(({ name }) => name.slice(0, 3)))

/** The record's Status line among its first five lines, or undefined. */
const statusOf = (text: string) =>
  text
    .split('\n')
    .slice(0, 5)
    .find((line) => line.startsWith('Status:'))

describe('decision records', () => {
  it('are named NNN-title.md', () => {
    expect(records.length).toBeGreaterThan(30)
    expect(records.map(({ name }) => name).filter((name) => !/^\d{3}-[a-z0-9-]+\.md$/.test(name))).toEqual([])
  })

  it('each say near the top whether they stand or what superseded them', () => {
    const wrong = records.filter(({ text }) => !/^Status: (accepted|superseded by \d{3})\b/.test(statusOf(text) ?? ''))
    expect(wrong.map(({ name }) => `${name}: ${statusOf(records.find((r) => r.name === name)!.text) ?? 'no Status line'}`)).toEqual([])
  })

  it('are superseded only by records that exist', () => {
    const dangling = records
      .map(({ name, text }) => ({ name, by: /^Status: superseded by (\d{3})/.exec(statusOf(text) ?? '')?.[1] }))
      .filter(({ by }) => by !== undefined && !numbers.has(by))
    expect(dangling).toEqual([])
  })

  it('fit on one page', () => {
    const pages = (text: string) => text.split('\n').reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / COLUMNS)), 0)
    const long = records.filter(({ text }) => pages(text.trimEnd()) > PAGE_LINES).map(({ name, text }) => `${name}: ${pages(text.trimEnd())} lines`)
    expect(long).toEqual([])
  })
})
