/** Which requests the standalone server answers itself; the rest go to the msw handlers behind express. */
import { describe, expect, it } from 'vitest'
import { originOf, publicRoute } from '../../src/server/public-route.js'

describe('publicRoute', () => {
  it.each([
    ['GET', '/api/v1/task/abc-123', { kind: 'get_task', taskId: 'abc-123' }],
    ['GET', '/api/v1/task/a9e9744b-9af8-4cb9-9846-3e6d14ac86e8?x=1', { kind: 'get_task', taskId: 'a9e9744b-9af8-4cb9-9846-3e6d14ac86e8' }],
    ['GET', '/api/v1/task/A.b_c~d', { kind: 'get_task', taskId: 'A.b_c~d' }],
    ['GET', '/api/v1/account/usage', { kind: 'usage' }],
    ['GET', '/api/v1/account/usage?verbose', { kind: 'usage' }],
    ['POST', '/api/v1/task', { kind: 'create' }],
    ['POST', '/api/v1/task?debug=1', { kind: 'create' }],
  ])('%s %s is a public route', (method, url, route) => {
    expect(publicRoute(method, url)).toEqual(route)
  })

  it.each([
    ['GET', '/api/v1/task/'],
    ['GET', '/api/v1/task/abc/'],
    ['GET', '/api/v1/task/a%20b'],
    ['GET', '/api/v1/task/..'],
    ['GET', '/api/v1/task/.'],
    ['GET', '/api/v1/task/a/b'],
    ['GET', '/api/v1/task'],
    ['GET', '/api/v1/account/usage/'],
    ['GET', 'http://127.0.0.1/api/v1/account/usage'],
    ['HEAD', '/api/v1/account/usage'],
    ['POST', '/api/v1/task/abc'],
    ['POST', '/api/v1/account/usage'],
    ['PUT', '/api/v1/task'],
    ['DELETE', '/api/v1/task/abc'],
    ['GET', '/__admin/health'],
    ['GET', '/assets/audio/x.wav'],
    ['GET', undefined],
  ])('%s %s is left to the msw handlers', (method, url) => {
    expect(publicRoute(method, url)).toBeNull()
  })
})

describe('originOf', () => {
  it.each([
    ['127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['Example.COM:80', 'http://example.com'],
    ['localhost', 'http://localhost'],
    ['[::1]:8080', 'http://[::1]:8080'],
  ])('Host %s gives origin %s, as the URL parser normalises it', (host, origin) => {
    expect(originOf(host)).toBe(origin)
    expect(originOf(host)).toBe(new URL(`http://${host}/x`).origin)
  })

  it.each([[undefined], [''], ['bad host'], ['a:b:c']])('Host %j gives no origin', (host) => {
    expect(originOf(host)).toBeNull()
  })
})
