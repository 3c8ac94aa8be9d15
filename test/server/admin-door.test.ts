/**
 * Which admin requests the standalone server answers itself (server/admin-door.ts) and which it
 * leaves to the msw handlers: only a path that means the same to both, matched segment by segment.
 */
import { expect, it } from 'vitest'
import { adminRoutes } from '../../src/admin/admin-routes.js'
import { createMockCore } from '../../src/mock/mock-core.js'
import { adminRouteMatcher } from '../../src/server/admin-door.js'

const routes = adminRoutes(createMockCore({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 1 }]' }))
const match = adminRouteMatcher(routes)
const found = (method: string, path: string) => {
  const hit = match(method, path)
  return hit === null ? null : [`${hit.route.method} ${hit.route.path}`, hit.params]
}

it('matches every route of the table, with its parameters decoded as msw decodes them', () => {
  expect(found('GET', '/__admin/health')).toEqual(['GET /__admin/health', {}])
  expect(found('POST', '/__admin/clock/advance')).toEqual(['POST /__admin/clock/advance', {}])
  expect(found('GET', '/__admin/accounts/key-a')).toEqual(['GET /__admin/accounts/:key', { key: 'key-a' }])
  expect(found('DELETE', '/__admin/accounts/a%2Fb%20c')).toEqual(['DELETE /__admin/accounts/:key', { key: 'a/b c' }])
  expect(found('POST', '/__admin/accounts/k/top-up')).toEqual(['POST /__admin/accounts/:key/top-up', { key: 'k' }])
  expect(found('POST', '/__admin/tasks/t-1/force')).toEqual(['POST /__admin/tasks/:id/force', { id: 't-1' }])
  for (const route of routes) expect(match(route.method, route.path.replace(/:\w+/g, 'x'))?.route).toBe(route)
})

it('leaves to msw what it might read differently: other case, a trailing slash, an empty or undecodable parameter', () => {
  expect(found('GET', '/__ADMIN/health')).toBeNull()
  expect(found('GET', '/__admin/health/')).toBeNull()
  expect(found('GET', '/__admin/accounts/')).toBeNull()
  expect(found('GET', '/__admin/accounts//top-up')).toBeNull()
  expect(found('GET', '/__admin/accounts/%E0%A4%A')).toBeNull()
})

it('leaves unknown paths and methods to msw (their 404 and 405 answers)', () => {
  expect(found('GET', '/__admin/nothing')).toBeNull()
  expect(found('PATCH', '/__admin/accounts/k')).toBeNull()
  expect(found('HEAD', '/__admin/health')).toBeNull()
  expect(found('GET', '/__admin/accounts/k/top-up')).toBeNull()
})
