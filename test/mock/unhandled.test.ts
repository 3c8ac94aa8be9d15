/**
 * msw's unhandled-request rule still works with the fake's handlers installed: a request that is
 * not the fake's finds no handler, so `onUnhandledRequest: 'error'` refuses it and it never reaches
 * the real server (the matrix's consumer test does the same under msw 3's `onUnhandledFrame`).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'

let real: Server
let realUrl = ''
let reached = 0
const msw = setupServer()

beforeAll(async () => {
  real = createServer((_req, res) => {
    reached += 1
    res.end('real')
  })
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  realUrl = `http://127.0.0.1:${(real.address() as AddressInfo).port}`
  msw.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => msw.resetHandlers())
afterAll(async () => {
  msw.close()
  await new Promise((resolve) => real.close(resolve))
})

it.each([
  ['without a baseUrl', undefined],
  ['with a baseUrl', 'http://audio.mock.test'],
])('refuses a stray request %s, and answers the fake’s own', async (_name, baseUrl) => {
  const mock = createMock({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 5 }]\n', baseUrl })
  msw.use(...mock.handlers)
  const before = reached
  await expect(fetch(`${realUrl}/hello`)).rejects.toThrow()
  await expect(fetch(`${realUrl}/API/v1/account/usage`)).rejects.toThrow()
  expect(reached).toBe(before)
  const own = await fetch(`${baseUrl ?? realUrl}/api/v1/account/usage`, { headers: { 'x-api-key': 'k' } })
  expect(own.status).toBe(200)
})
