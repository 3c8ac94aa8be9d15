/**
 * The inspector's `?world=NAME` (issue 40): a name the fake refuses is refused by the page too,
 * with the fake's own message, and no call goes out. `?world=..` made `/worlds/../__admin/…`,
 * which the browser folds to `/__admin/…`: the page drove the default world.
 */
import { describe, expect, it } from 'vitest'
import { AdminCallError, inWorld } from '../../src/inspector/page/admin-client.js'
import { checkWorldName } from '../../src/worlds/world-name.js'

describe('the page’s world', () => {
  it.each(['..', '.', 'a/b', 'a b'])('refuses %j with the message the fake answers, before any call', (name) => {
    const checked = checkWorldName(name)
    expect(checked.ok).toBe(false)
    expect(() => inWorld('/__admin/clock/advance', name)).toThrow(new AdminCallError(400, checked.ok ? '' : checked.error))
  })

  it('sends a good name under its prefix, and the list of worlds to the server', () => {
    expect(inWorld('/__admin/health', 'qa-w.1')).toBe('/worlds/qa-w.1/__admin/health')
    expect(inWorld('/__admin/worlds', '..')).toBe('/__admin/worlds')
    expect(inWorld('/__admin/health', null)).toBe('/__admin/health')
  })
})
