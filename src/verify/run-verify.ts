/**
 * `verify`: runs the checks that are safe against a real deployment of the service and says, per
 * check, whether the service behaves as the fake assumes (the spec, and the OpenAPI document
 * generated from the fake's schemas). Refuses up front to plan more paid tasks than allowed.
 */
import { readFile } from 'node:fs/promises'
import type { OpenApiDocument } from '../openapi/document.js'
import { createResponseValidator } from '../openapi/response-validator.js'
import { SAFE_CHECKS, type State, type Verdict } from './checks.js'
import { lifecycleChecks } from './lifecycle-checks.js'
import { openSession, type VerifyOptions } from './session.js'

export interface CheckResult extends Verdict {
  id: string
  title: string
}

export interface VerifyResult {
  baseUrl: string
  ok: boolean
  /** Paid tasks the run created. */
  paid: number
  checks: CheckResult[]
}

export class VerifyRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VerifyRefused'
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

/** Why the options cannot run (more paid tasks, or faster polling, than allowed), or null. */
export function refusal(options: VerifyOptions): string | null {
  const tasks = options.tasks ?? ['lyrics']
  const allowed = options.allowPaid ?? 1
  if (tasks.length > allowed) {
    const planned = `${tasks.length} paid task${tasks.length === 1 ? '' : 's'}`
    return `this run would create ${planned} (${tasks.join(', ')}) but at most ${allowed} ${allowed === 1 ? 'is' : 'are'} allowed; pass --allow-paid ${tasks.length} to go ahead, or --tasks none`
  }
  const host = new URL(options.baseUrl).hostname
  if ((options.pollIntervalMs ?? 5_000) < 1_000 && !LOOPBACK.test(host)) {
    return `--poll-interval under 1s is only for a fake on a loopback address; the spec asks clients not to poll ${host} more than once per second`
  }
  return null
}

/** The published document, openapi/openapi.json (the tests keep it equal to the generated one). */
export const PUBLISHED_DOCUMENT = new URL('../../openapi/openapi.json', import.meta.url)

export async function runVerify(options: VerifyOptions): Promise<VerifyResult> {
  const refused = refusal(options)
  if (refused !== null) throw new VerifyRefused(refused)
  const document = JSON.parse(await readFile(PUBLISHED_DOCUMENT, 'utf8')) as OpenApiDocument
  const validator = createResponseValidator(document)
  const session = openSession(options, validator)
  const state: State = { created: new Map(), finished: [] }
  const checks: CheckResult[] = []
  for (const check of [...SAFE_CHECKS, ...lifecycleChecks(session.options.tasks)]) {
    let verdict: Verdict
    try {
      verdict = await check.run(session, state)
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message
      verdict = { outcome: 'fail', problems: [`request failed: ${(error as Error).message}${cause ? ` (${cause})` : ''}`] }
    }
    checks.push({ id: check.id, title: check.title, ...verdict })
  }
  return { baseUrl: session.options.baseUrl, ok: checks.every((check) => check.outcome !== 'fail'), paid: session.paid, checks }
}
