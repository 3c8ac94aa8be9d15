/**
 * `useAudioTaskMockWorld()`: a test file's own world in a shared fake, reset after each test and
 * removed after the file; another world's traffic never shows in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { useAudioTaskMockWorld, worldNameFor } from '../../src/vitest/index.js'

let running: RunningServer | null = null
beforeAll(async () => {
  running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 50 }]\n' })
})
afterAll(async () => {
  const names = running!.worlds.list().map((world) => world.name)
  await running?.close()
  // Both files' worlds were removed after their describe blocks.
  expect(names).toEqual([])
})

const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } })
const create = (url: string) => fetch(`${url}/api/v1/task`, { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: music })
const usage = async (url: string) => (await (await fetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'k' } })).json()).data

describe('a world of its own', () => {
  const world = useAudioTaskMockWorld({ url: () => running!.url })
  const other = useAudioTaskMockWorld({ url: () => running!.url, name: 'someone-else' })

  it('is named after the test file and answers under /worlds/{name}', async () => {
    expect(world.name).toBe(worldNameFor(expect.getState().testPath!))
    expect(world.name).toMatch(/^use-world\.test-[0-9a-f]{8}$/)
    expect(world.url).toBe(`${running!.url}/worlds/${world.name}`)
    expect((await create(world.url)).status).toBe(202)
    expect((await usage(world.url)).tasks_created).toBe(1)
    // Neither the default world nor another world saw it.
    expect((await usage(running!.url)).tasks_created).toBe(0)
    expect((await usage(other.url)).tasks_created).toBe(0)
  })

  it('starts each test from the scenario (reset after each test)', async () => {
    expect((await usage(world.url)).tasks_created).toBe(0)
  })
})

it('names worlds with allowed characters only, the same for the same path', () => {
  expect(worldNameFor('/a/b/my spec (1).test.ts')).toMatch(/^my-spec--1-\.test-[0-9a-f]{8}$/)
  expect(worldNameFor('/a/b/x.test.ts')).toBe(worldNameFor('/a/b/x.test.ts'))
  expect(worldNameFor('/a/b/x.test.ts')).not.toBe(worldNameFor('/a/c/x.test.ts'))
})
