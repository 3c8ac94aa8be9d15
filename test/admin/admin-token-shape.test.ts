/**
 * An admin token that can never be presented is refused at start (issue 40): one of only
 * whitespace, or with whitespace at either end (clients and HTTP parsers trim a header's value,
 * so it would never match), named as the user gave it: the flag, the variable, or the option.
 */
import { describe, expect, it } from 'vitest'
import { adminGuard, ADMIN_TOKEN_ENV } from '../../src/admin/admin-auth.js'
import { parseServeArgs } from '../../src/cli/serve-options.js'

const parse = (argv: string[], env: Record<string, string> = {}) => parseServeArgs(argv, { defaultPort: 4010, env })

describe('admin token shape', () => {
  it.each([
    ['   ', 'is only whitespace'],
    ['\t', 'is only whitespace'],
    [' secret', 'starts with whitespace'],
    ['secret\n', 'ends with whitespace'],
  ])('refuses %j from the flag and from the variable, naming each', (token, why) => {
    expect(parse(['--admin-token', token])).toEqual({ kind: 'error', message: expect.stringMatching(new RegExp(`^--admin-token ${why}`)) })
    expect(parse([], { [ADMIN_TOKEN_ENV]: token })).toEqual({ kind: 'error', message: expect.stringMatching(new RegExp(`^${ADMIN_TOKEN_ENV} ${why}`)) })
    expect(() => adminGuard({ token })).toThrow(new RegExp(`^adminToken ${why}`))
  })

  it('says why: a header value is trimmed, so no client could ever send it', () => {
    const parsed = parse(['--admin-token', '  '])
    expect(parsed.kind === 'error' && parsed.message).toBe(
      '--admin-token is only whitespace: a client sends a header value trimmed, so this token could never be presented; give a token without spaces at either end',
    )
  })

  it('takes a token with whitespace inside it', () => {
    expect(parse(['--admin-token', 'two words'])).toMatchObject({ kind: 'serve', options: { adminToken: 'two words' } })
    expect(() => adminGuard({ token: 'two words' })).not.toThrow()
  })
})
