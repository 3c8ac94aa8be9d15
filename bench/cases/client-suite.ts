/**
 * A client team's test suite in miniature: every task status, 402, 401 and 404, each check
 * on a fresh fake (reset between checks, as `afterEach(() => fake.reset())` does). The bench
 * times it in-process; test/bench/client-suite.test.ts runs the same checks under vitest.
 */
import type { MockCore } from '../../src/mock/mock-core.js'

export const CLIENT_SCENARIO = `
version: 1
name: client-suite
seed: 3
service: { timeout_after: 10m }
accounts:
  - { api_key: client-key, credits: 100 }
  - { api_key: other-key, credits: 100 }
  - { api_key: broke-key, credits: 0 }
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, polls: 1 }, { status: success }]
  fails: [{ status: pending, polls: 1 }, { status: failure, error: upstream rejected the prompt }]
  stuck: [{ status: running, for: 1h }, { status: success }]
rules:
  - { match: { input: { gpt_description_prompt: { contains: fail } } }, timeline: fails }
  - { match: { input: { gpt_description_prompt: { contains: stuck } } }, timeline: stuck }
`

export interface Reply {
  status: number
  json: any
}

export interface SuiteContext {
  mock: MockCore
  call(method: 'GET' | 'POST', path: string, key: string | null, body?: unknown): Promise<Reply>
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`client suite: ${message}`)
}

const music = (prompt: string) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })

async function create(ctx: SuiteContext, prompt: string, key = 'client-key'): Promise<string> {
  const reply = await ctx.call('POST', '/api/v1/task', key, music(prompt))
  check(reply.status === 202 && reply.json.data.status === 'pending', `create answered ${reply.status}`)
  return reply.json.data.task_id as string
}

async function status(ctx: SuiteContext, id: string, key = 'client-key'): Promise<any> {
  const reply = await ctx.call('GET', `/api/v1/task/${id}`, key)
  check(reply.status === 200, `Get Task answered ${reply.status}`)
  return reply.json.data
}

export const CLIENT_CHECKS: Array<[string, (ctx: SuiteContext) => Promise<void>]> = [
  [
    'a new task is pending',
    async (ctx) => {
      const task = await status(ctx, await create(ctx, 'lofi'))
      check(task.status === 'pending' && task.output === null, `expected pending, got ${task.status}`)
    },
  ],
  [
    'it runs, then succeeds with two clips',
    async (ctx) => {
      const id = await create(ctx, 'lofi')
      const seen = [(await status(ctx, id)).status, (await status(ctx, id)).status]
      const done = await status(ctx, id)
      check(seen.join() === 'pending,running' && done.status === 'success', `expected pending, running, success; got ${seen.join()}, ${done.status}`)
      check(done.output.result.length === 2, 'expected two clips')
    },
  ],
  [
    'a failed task carries its error and is refunded',
    async (ctx) => {
      const id = await create(ctx, 'please fail')
      await status(ctx, id)
      const task = await status(ctx, id)
      check(task.status === 'failure' && task.error === 'upstream rejected the prompt', `expected failure, got ${task.status}`)
      const usage = await ctx.call('GET', '/api/v1/account/usage', 'client-key')
      check(usage.json.data.credits_used === 0, `expected a refund, credits_used ${usage.json.data.credits_used}`)
    },
  ],
  [
    'a stuck task times out after 10 minutes',
    async (ctx) => {
      const id = await create(ctx, 'stuck')
      check((await status(ctx, id)).status === 'running', 'expected running')
      ctx.mock.clock.advance('10m')
      check((await status(ctx, id)).status === 'timeout', 'expected timeout')
    },
  ],
  [
    '402 when the balance is too low',
    async (ctx) => {
      const reply = await ctx.call('POST', '/api/v1/task', 'broke-key', music('lofi'))
      check(reply.status === 402 && reply.json.code === 402, `expected 402, got ${reply.status}`)
    },
  ],
  [
    '401 without a key and with a wrong key',
    async (ctx) => {
      const missing = await ctx.call('GET', '/api/v1/account/usage', null)
      const wrong = await ctx.call('GET', '/api/v1/account/usage', 'nobody')
      check(missing.status === 401 && wrong.status === 401, `expected 401 twice, got ${missing.status}, ${wrong.status}`)
    },
  ],
  [
    "404 for an unknown id and for another account's task",
    async (ctx) => {
      const id = await create(ctx, 'lofi', 'other-key')
      const foreign = await ctx.call('GET', `/api/v1/task/${id}`, 'client-key')
      const unknown = await ctx.call('GET', '/api/v1/task/no-such-task', 'client-key')
      check(foreign.status === 404 && unknown.status === 404, `expected 404 twice, got ${foreign.status}, ${unknown.status}`)
    },
  ],
]
