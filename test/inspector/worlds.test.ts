/**
 * The inspector shows one world at a time (issue 28): `?world=NAME` shows a named world's tasks
 * and controls, the picker lists every world, and the default world stays apart.
 *
 * @module-tag chromium
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { launchChromium } from '../support/browser.js'

const SCENARIO = 'version: 1\nclock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }\naccounts: [{ api_key: k, credits: 50 }]\n'
let browser: Browser
let running: RunningServer
let page: Page

beforeAll(async () => {
  ;[browser, running] = await Promise.all([launchChromium(), startServer({ scenario: SCENARIO })])
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  page.setDefaultTimeout(15_000)
})

afterAll(async () => {
  await browser?.close()
  await running?.close()
})

it('shows a named world on ?world=NAME, lists the worlds, and keeps the default world apart', async () => {
  const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } })
  const created = await (
    await fetch(`${running.url}/worlds/qa-w/api/v1/task`, { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: music })
  ).json()
  await fetch(`${running.url}/worlds/other/__admin/reset`, { method: 'POST' }) // an admin write makes a world; a read does not
  await page.goto(`${running.url}/__inspector/?world=qa-w&poll=200#tasks`)
  await expect.poll(async () => (await page.content()).includes(created.data.task_id), { timeout: 15_000 }).toBe(true)
  const options = await page.locator('[data-world] option').allTextContents()
  expect(options).toEqual(['default', '/worlds/other', '/worlds/qa-w'])
  expect(await page.locator('[data-world]').inputValue()).toBe('qa-w')
  // A clock move from the page moves the named world's clock only.
  await page.locator('[data-advance="1m"]').click()
  await expect.poll(async () => (await (await fetch(`${running.url}/worlds/qa-w/__admin/clock`)).json()).now).toBe('2026-01-01T00:01:00.000Z')
  expect((await (await fetch(`${running.url}/__admin/clock`)).json()).now).toBe('2026-01-01T00:00:00.000Z')
  // Picking the default world shows it: the named world's task is not there.
  await page.locator('[data-world]').selectOption('')
  await page.waitForURL((url) => !url.search.includes('world='))
  await page.locator('[data-world]').waitFor()
  await expect.poll(async () => (await page.content()).includes(created.data.task_id)).toBe(false)
})
