/**
 * `audio-task-mock verify --base-url URL --api-key KEY`: checks a deployment of the service (or
 * the fake) against the fake's assumptions and prints a pass/fail table. Exit codes: 0 when every
 * check passes, 1 when one fails, 2 for a usage mistake or a refused run (too many paid tasks).
 */
import { parseArgs } from 'node:util'
import { parseDuration } from '../domain/duration.js'
import { formatVerifyReport } from '../verify/verify-report.js'
import { refusal, runVerify } from '../verify/run-verify.js'
import type { VerifyOptions } from '../verify/session.js'
import { usageError } from './usage-error.js'

export const VERIFY_USAGE = `Usage: audio-task-mock verify --base-url URL --api-key KEY [options]

Checks a running Asynchronous Audio Task Service against the fake's assumptions: auth (401),
unknown task (404), validation (400), usage, one task's whole life read at the spec's pace, and
every response against the OpenAPI document. Prints a table; exits 1 if a check fails.

Options:
  --base-url URL        the service, e.g. https://api.example.com (required)
  --api-key KEY         an API key of the account to test with (required)
  --other-api-key KEY   a second account's key: its view of the first one's task must be 404
  --model NAME          the model name for created tasks (default: music-model)
  --tasks LIST          task types to run a whole life of, comma-separated: lyrics, music,
                        or none (default: lyrics); each creates one paid task
  --allow-paid N        at most N paid tasks (default: 1); a run that needs more is refused
  --poll-interval DUR   time between reads of a task (default: 5s; under 1s only on loopback)
  --max-wait DUR        give up on a task not final after this long (default: 10m)
  --timeout DUR         per request (default: 30s)
  --json                print the results as JSON instead of the table
  -h, --help            show this help
`

export const VERIFY_OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'other-api-key': { type: 'string' },
  model: { type: 'string' },
  tasks: { type: 'string' },
  'allow-paid': { type: 'string' },
  'poll-interval': { type: 'string' },
  'max-wait': { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

type Values = ReturnType<typeof parseArgs<{ options: typeof VERIFY_OPTIONS }>>['values']

/** The options the flags ask for, or a message saying which flag is wrong. */
export function verifyOptions(values: Values): VerifyOptions | string {
  if (values['base-url'] === undefined || values['api-key'] === undefined) return '--base-url and --api-key are required'
  try {
    if (!/^https?:$/.test(new URL(values['base-url']).protocol)) return `--base-url must be an http(s) URL, got ${JSON.stringify(values['base-url'])}`
  } catch {
    return `--base-url must be an http(s) URL, got ${JSON.stringify(values['base-url'])}`
  }
  const tasks = (values.tasks ?? 'lyrics')
    .split(',')
    .map((task) => task.trim())
    .filter((task) => task !== '' && task !== 'none')
  const unknown = tasks.find((task) => task !== 'lyrics' && task !== 'music')
  if (unknown !== undefined) return `--tasks takes lyrics, music or none, got ${JSON.stringify(unknown)}`
  const durations: Record<string, number | undefined> = {}
  for (const flag of ['poll-interval', 'max-wait', 'timeout'] as const) {
    const text = values[flag]
    if (text === undefined) continue
    const ms = parseDuration(text)
    if (ms === null) return `--${flag} expects a duration like 500ms, 5s or 10m, got ${JSON.stringify(text)}`
    durations[flag] = ms
  }
  const allowPaid = values['allow-paid']
  if (allowPaid !== undefined && !/^\d+$/.test(allowPaid)) return `--allow-paid expects a whole number, got ${JSON.stringify(allowPaid)}`
  return withoutUndefined({
    baseUrl: values['base-url'],
    apiKey: values['api-key'],
    otherApiKey: values['other-api-key'],
    model: values.model,
    tasks: [...new Set(tasks)] as Array<'lyrics' | 'music'>,
    allowPaid: allowPaid === undefined ? undefined : Number(allowPaid),
    pollIntervalMs: durations['poll-interval'],
    maxWaitMs: durations['max-wait'],
    requestTimeoutMs: durations['timeout'],
  })
}

export async function verifyCommand(argv: readonly string[]): Promise<number> {
  let values: Values
  try {
    ;({ values } = parseArgs({ args: [...argv], options: VERIFY_OPTIONS, allowPositionals: false, strict: true }))
  } catch (error) {
    return usageError('audio-task-mock verify', (error as Error).message)
  }
  if (values.help) {
    process.stdout.write(VERIFY_USAGE)
    return 0
  }
  const options = verifyOptions(values)
  if (typeof options === 'string') return usageError('audio-task-mock verify', options)
  const refused = refusal(options)
  if (refused !== null) {
    process.stderr.write(`audio-task-mock verify: refused: ${refused}\n`)
    return 2
  }
  const result = await runVerify(options)
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatVerifyReport(result))
  return result.ok ? 0 : 1
}

/** Flags left out take the defaults of runVerify. */
function withoutUndefined(options: VerifyOptions): VerifyOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as unknown as VerifyOptions
}
