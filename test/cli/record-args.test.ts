/**
 * `record`'s flags, parsed without starting anything (the runner is exercised in
 * record-cli.test.ts), and the table of them in docs/record-and-replay.md.
 */
import { describe, expect, it } from 'vitest'
import { parseRecordArgs } from '../../src/cli/record-command.js'
import { readPage } from '../support/doc-blocks.js'

describe('parseRecordArgs', () => {
  it('gives the defaults for what is left out, and keeps credentials out of what it shows', () => {
    const parsed = parseRecordArgs(['--upstream', 'https://user:pw@api.example.test', '--out', 'seen.yaml'])
    expect(parsed).toMatchObject({ kind: 'record', options: { out: 'seen.yaml', port: 4011, host: '127.0.0.1', timeoutMs: 30_000, quiet: false } })
    expect(parsed.kind === 'record' && parsed.options.upstream.shown).toBe('https://api.example.test (credentials removed)')
  })

  it('takes every flag', () => {
    const parsed = parseRecordArgs(['--upstream', 'http://127.0.0.1:9', '--out', 'o.yaml', '--port', '0', '--host', '::1', '--timeout', '1m', '--quiet'])
    expect(parsed).toMatchObject({ kind: 'record', options: { port: 0, host: '::1', timeoutMs: 60_000, quiet: true } })
  })

  it('says which flag is wrong', () => {
    expect(parseRecordArgs(['--out', 'o.yaml'])).toEqual({ kind: 'error', message: '--upstream and --out are required' })
    expect(parseRecordArgs(['--upstream', 'http://127.0.0.1:9', '--out', 'o', '--port', '70000'])).toEqual({
      kind: 'error',
      message: '--port expects a whole number from 0 to 65535, got "70000"',
    })
    expect(parseRecordArgs(['--upstream', 'http://127.0.0.1:9', '--out', 'o', '--timeout', 'soon'])).toEqual({
      kind: 'error',
      message: '--timeout expects a duration like 10s or 1m, got "soon"',
    })
    expect(parseRecordArgs(['--nope'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--nope') })
    expect(parseRecordArgs(['-h'])).toEqual({ kind: 'help' })
  })
})

describe('docs/record-and-replay.md’s flag table', () => {
  const rows = readPage('docs/record-and-replay.md')
    .split('\n')
    .filter((line) => line.startsWith('| `--'))
  const flags = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`(--[\w-]+)(?: ([A-Z]+))?`/g)].map((m) => [m[1]!, m[2]] as const))
  const SAMPLE: Record<string, string> = { URL: 'http://127.0.0.1:9', FILE: 'o.yaml', N: '0', HOST: '::1', DUR: '1m' }

  it('lists flags that record takes, all together', () => {
    expect(flags.map(([flag]) => flag)).toEqual(expect.arrayContaining(['--upstream', '--out']))
    expect(flags.filter(([, value]) => value !== undefined && SAMPLE[value] === undefined)).toEqual([])
    const argv = flags.flatMap(([flag, value]) => (value === undefined ? [flag] : [flag, SAMPLE[value]!]))
    expect(parseRecordArgs(argv)).toMatchObject({ kind: 'record', options: { out: 'o.yaml', port: 0, host: '::1', timeoutMs: 60_000, quiet: true } })
  })

  it('gives the defaults record uses', () => {
    const listen = /\(default `([\d.]+):(\d+)`;/.exec(rows.find((row) => row.includes('`--port N`'))!)
    const timeout = /\(default `(\d+)s`\)/.exec(rows.find((row) => row.includes('`--timeout DUR`'))!)
    expect(parseRecordArgs(['--upstream', SAMPLE['URL']!, '--out', 'o.yaml'])).toMatchObject({
      kind: 'record',
      options: { host: listen![1], port: Number(listen![2]), timeoutMs: Number(timeout![1]) * 1_000 },
    })
  })
})
