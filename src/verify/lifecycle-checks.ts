/**
 * The paid checks of `verify`: one task's whole life per chosen type, created, read at the spec's
 * pace until it is final (statuses only move forward, the input comes back as sent), hidden from
 * another account, and counted in usage.
 */
import { pathOf } from '../api/routes.js'
import { isDeepStrictEqual } from 'node:util'
import { expect, LYRICS, type Check } from './checks.js'
import type { Exchange } from './session.js'

const RANK: Record<string, number> = { pending: 0, running: 1, success: 2, failure: 2, timeout: 2 }
const INPUTS = { lyrics: LYRICS, music: { gpt_description_prompt: 'audio-task-mock verify: a ten-second test jingle' } }

type PaidType = keyof typeof INPUTS

const skip = (note: string) => ({ outcome: 'skip' as const, problems: [], note })

function createCheck(type: PaidType): Check {
  return {
    id: `${type}.create`,
    title: `Create Task (${type}) answers 202 with a pending task`,
    async run(session, state) {
      const { allowPaid } = session.options
      if (session.paid >= allowPaid) return skip(`the paid-task budget is spent: ${session.paid} created, --allow-paid ${allowPaid}`)
      const exchange = await session.send('POST', pathOf('create'), { body: { model: session.options.model, task_type: type, input: INPUTS[type] } })
      const data = exchange.json?.data
      const verdict = expect(
        exchange,
        202,
        exchange.status === 202 && data?.type !== type ? [`data.type is ${JSON.stringify(data?.type)}, expected "${type}"`] : [],
      )
      if (exchange.status === 202 && typeof data?.task_id === 'string') {
        state.created.set(type, { id: data.task_id, charged: Number(data.credits_charged) })
      }
      return verdict
    },
  }
}

function pollCheck(type: PaidType): Check {
  return {
    id: `${type}.poll`,
    title: `Get Task (${type}) moves forward to a final status, read at the set pace`,
    async run(session, state) {
      const task = state.created.get(type)
      if (task === undefined) return skip(`no ${type} task was created`)
      const { pollIntervalMs, maxWaitMs, sleep, now } = session.options
      const started = now()
      let last: Exchange | undefined
      let rank = 0
      for (let reads = 1; ; reads++) {
        await sleep(pollIntervalMs)
        last = await session.send('GET', pathOf('get_task', task.id))
        const data = last.json?.data
        const more: string[] = []
        if (last.status === 200 && last.problems.length === 0) {
          if (data.task_id !== task.id) more.push(`data.task_id is ${JSON.stringify(data.task_id)}, expected "${task.id}"`)
          if (data.type !== type) more.push(`data.type is ${JSON.stringify(data.type)}, expected "${type}"`)
          if (!isDeepStrictEqual(data.input, INPUTS[type]))
            more.push(`data.input is ${JSON.stringify(data.input)}, not the input as submitted ${JSON.stringify(INPUTS[type])}`)
          if (RANK[data.status]! < rank) more.push(`status went back to ${data.status}`)
          rank = RANK[data.status] ?? rank
        }
        const verdict = expect(last, 200, more)
        if (verdict.outcome === 'fail') return verdict
        if (rank === 2) {
          state.finished.push({ id: task.id, charged: task.charged, status: data.status })
          const error = data.status === 'failure' ? `: ${JSON.stringify(data.error)}` : ''
          return { ...verdict, note: `${data.status}${error} after ${reads} reads, ${((now() - started) / 1000).toFixed(1)} s` }
        }
        if (now() - started >= maxWaitMs) {
          return {
            outcome: 'fail',
            problems: [`still ${data.status} after ${reads} reads over ${((now() - started) / 1000).toFixed(1)} s (--max-wait)`],
            exchange: last,
          }
        }
      }
    },
  }
}

function otherKeyCheck(type: PaidType): Check {
  return {
    id: `${type}.other-key`,
    title: `another account reading the ${type} task gets 404`,
    async run(session, state) {
      const task = state.created.get(type)
      if (session.options.otherApiKey === undefined) return skip('no --other-api-key given')
      if (task === undefined) return skip(`no ${type} task was created`)
      return expect(await session.send('GET', pathOf('get_task', task.id), { key: session.options.otherApiKey }), 404)
    },
  }
}

const usageAfter: Check = {
  id: 'usage.counts',
  title: 'usage counts the tasks created and the credits of successful ones',
  async run(session, state) {
    const before = state.usageBefore
    const made = state.created.size
    if (before === undefined || made === 0) return skip(before === undefined ? 'usage before is unknown' : 'no task was created')
    const exchange = await session.send('GET', pathOf('usage'))
    const after = exchange.json?.data
    const more: string[] = []
    if (exchange.status === 200 && exchange.problems.length === 0) {
      if (after.tasks_created < before.tasks_created + made)
        more.push(`tasks_created went from ${before.tasks_created} to ${after.tasks_created} after ${made} created`)
      const spent = state.finished.filter((task) => task.status === 'success').reduce((sum, task) => sum + task.charged, 0)
      if (after.credits_used < before.credits_used + spent)
        more.push(`credits_used went from ${before.credits_used} to ${after.credits_used} after ${spent} credits of successful tasks`)
    }
    return expect(exchange, 200, more)
  },
}

export function lifecycleChecks(types: readonly PaidType[]): Check[] {
  return [...types.flatMap((type) => [createCheck(type), pollCheck(type), otherKeyCheck(type)]), usageAfter]
}
