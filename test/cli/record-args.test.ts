/** `record`'s flags, parsed without starting anything (the runner is exercised in record-cli.test.ts). */
import { describe, expect, it } from 'vitest'
import { parseRecordArgs } from '../../src/cli/record-command.js'

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
