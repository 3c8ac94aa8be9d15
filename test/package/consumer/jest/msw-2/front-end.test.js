/**
 * @jest-environment jest-fixed-jsdom
 */
// Jest 30, ESM, a front-end test in jsdom: jest-fixed-jsdom gives jsdom Node's fetch, Request and
// Response (jsdom has none), so msw 2's setupServer answers the component's requests.
/* global document */
import { afterAll, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createMock } from 'audio-task-mock'

const fake = createMock({ baseUrl: 'http://localhost' })
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** A component: shows the account's credits in an element it adds to the page. */
async function showCredits(apiKey) {
  const element = document.createElement('p')
  element.id = 'credits'
  document.body.append(element)
  const reply = await fetch('/api/v1/account/usage', { headers: { 'x-api-key': apiKey } })
  const { data } = await reply.json()
  element.textContent = `${data.credits_topped_up - data.credits_used} credits left`
}

test('renders the credits the fake reports', async () => {
  await showCredits('demo-key')
  expect(document.getElementById('credits').textContent).toBe('1000 credits left')
})
