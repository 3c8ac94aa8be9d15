/**
 * Paging of the admin lists (contract 1): `limit` (1-1000) and `offset` through every driver;
 * over HTTP a page holds 100 by default, says the total in X-Total-Count and links the next
 * page with `Link: <URL>; rel="next"`, filters kept; in-process lists hold every item unless a
 * `limit` is given.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const ids = (views: Array<{ task_id: string }>) => views.map((view) => view.task_id)
const keys = (views: Array<{ api_key: string }>) => views.map((view) => view.api_key)

describe.each(allDrivers())('admin paging: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('slices tasks and accounts by limit and offset, filters kept', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const made = [await createTask(fake), await createTask(fake, 'key-b'), await createTask(fake), await createTask(fake), await createTask(fake, 'key-b')]
    expect(ids(await fake.control.tasks.list({ limit: 2 }))).toEqual(made.slice(0, 2))
    expect(ids(await fake.control.tasks.list({ limit: 2, offset: 2 }))).toEqual(made.slice(2, 4))
    expect(ids(await fake.control.tasks.list({ limit: 2, offset: 4 }))).toEqual(made.slice(4))
    expect(ids(await fake.control.tasks.list({ offset: 9, limit: 5 }))).toEqual([])
    expect(ids(await fake.control.tasks.list({ apiKey: 'key-a', limit: 2, offset: 1 }))).toEqual([made[2], made[3]])
    const accounts = keys(await fake.control.accounts.list())
    expect(keys(await fake.control.accounts.list({ limit: 2, offset: 1 }))).toEqual(accounts.slice(1, 3))
  })

  it.each([
    [{ limit: 0 }, 'query parameter limit: expected a page size from 1 to 1000, got 0'],
    [{ limit: 1001 }, 'query parameter limit: expected a page size from 1 to 1000, got 1001'],
    [{ offset: -1 }, 'query parameter offset: expected an offset, 0 or more, got '],
  ])('refuses %j with a 400 that names the parameter', async (page, message) => {
    fake = await driver.start(CONTRACT_SCENARIO)
    await expect(fake.control.tasks.list(page)).rejects.toMatchObject({ status: 400, message: expect.stringContaining(message) })
    await expect(fake.control.accounts.list(page)).rejects.toMatchObject({ status: 400, message: expect.stringContaining(message) })
  })
})

describe('admin paging over HTTP: headers and the default page', () => {
  let running: RunningServer
  beforeAll(async () => {
    running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: key-a, credits: 100000 }]', port: 0 })
  })
  afterAll(() => running.close())

  it('follows Link rel="next" through every page; X-Total-Count gives the total', async () => {
    for (let i = 0; i < 7; i++) running.accounts.create(`extra-${i}`, 5)
    const seen: string[] = []
    let next: string | null = `${running.url}/__admin/accounts?limit=3`
    let pages = 0
    while (next !== null && pages < 10) {
      const response: Response = await fetch(next)
      expect(response.status).toBe(200)
      expect(response.headers.get('x-total-count')).toBe('8')
      const body = (await response.json()) as Array<{ api_key: string }>
      expect(Array.isArray(body)).toBe(true)
      seen.push(...keys(body))
      next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null
      pages += 1
    }
    expect(pages).toBe(3)
    expect(seen).toEqual(['key-a', ...Array.from({ length: 7 }, (_, i) => `extra-${i}`)])
  })

  it('answers 100 tasks by default, and the link keeps the filters', async () => {
    const headers = { 'x-api-key': 'key-a', 'content-type': 'application/json' }
    const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } })
    for (let i = 0; i < 102; i++) expect((await fetch(`${running.url}/api/v1/task`, { method: 'POST', headers, body })).status).toBe(202)
    const first = await fetch(`${running.url}/__admin/tasks?api_key=key-a&status=pending`)
    expect(((await first.json()) as unknown[]).length).toBe(100)
    expect(first.headers.get('x-total-count')).toBe('102')
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1]
    expect(link).toBeDefined()
    const url = new URL(link!)
    expect(Object.fromEntries(url.searchParams)).toEqual({ api_key: 'key-a', status: 'pending', offset: '100', limit: '100' })
    const last = await fetch(link!)
    expect(((await last.json()) as unknown[]).length).toBe(2)
    expect(last.headers.get('link')).toBeNull()
  })
})
