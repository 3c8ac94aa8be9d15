/**
 * `audio-task-mock record --upstream URL --out FILE`: a proxy in front of a real deployment that
 * writes a scenario replaying what it saw (src/record). Exit codes: 0 after SIGINT/SIGTERM (the
 * file written), 1 when it cannot listen or the final file cannot be written or would not load
 * (the loader's reason printed, the file left as last written), 2 for a wrong flag or a file it
 * cannot write at start.
 */
import { parseArgs } from 'node:util'
import { parseDuration } from '../domain/duration.js'
import { startRecordProxy } from '../proxy/record-proxy.js'
import { ScenarioFile, ScenarioRefused } from '../record/scenario-file.js'
import { parseUpstream, type Upstream } from '../record/upstream-url.js'
import { usageError } from './usage-error.js'

export const RECORD_USAGE = `Usage: audio-task-mock record --upstream URL --out FILE [options]

A proxy that forwards the public API to URL (a real deployment) and writes what it saw as a
scenario that replays it: each task's statuses at their clock offsets (on a clock as fast as
the upstream's), its failure message and output (up to 256 KB), the upstream's errors (5xx...)
as faults at the same positions, its rate limit when its headers tell a one-minute window, one
placeholder account per API key it accepted (recorded-key-1, ...; a key it only refused with
401 gets none). Keys pass through to URL and are never written, in any encoding.
More: docs/record-and-replay.md.

Options:
  --upstream URL    the service to forward to (required); user:pass@ in it is sent as Basic
                    auth and never written
  --out FILE        the scenario to write (required): rewritten at most once a second while
                    requests arrive, and on exit after the scenario loader accepted it
                    (exit 1 with the loader's reason when it would not load)
  --port N          port to listen on; 0 picks a free port (default: 4011)
  --host HOST       address to bind (default: 127.0.0.1)
  --timeout DUR     per upstream request; then 504 (default: 30s)
  --quiet           no line per request
  -h, --help        show this help

When ready it prints "listening on http://HOST:PORT". SIGINT or SIGTERM writes FILE and exits 0.
`

const OPTIONS = {
  upstream: { type: 'string' },
  out: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  timeout: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

export interface RecordOptions {
  upstream: Upstream
  out: string
  port: number
  host: string
  timeoutMs: number
  quiet: boolean
}

export type ParsedRecordArgs = { kind: 'record'; options: RecordOptions } | { kind: 'help' } | { kind: 'error'; message: string }

/** The options the flags ask for, `help`, or a message saying which flag is wrong. Pure: no I/O. */
export function parseRecordArgs(argv: readonly string[]): ParsedRecordArgs {
  let values
  try {
    ;({ values } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true }))
  } catch (error) {
    return { kind: 'error', message: (error as Error).message }
  }
  if (values.help) return { kind: 'help' }
  const error = (message: string): ParsedRecordArgs => ({ kind: 'error', message })
  if (values.upstream === undefined || values.out === undefined) return error('--upstream and --out are required')
  const upstream = parseUpstream(values.upstream)
  if ('error' in upstream) return error(upstream.error)
  const port = values.port ?? '4011'
  if (!/^\d+$/.test(port) || Number(port) > 65535) return error(`--port expects a whole number from 0 to 65535, got ${JSON.stringify(port)}`)
  const timeoutMs = parseDuration(values.timeout ?? '30s')
  if (timeoutMs === null || timeoutMs < 1) return error(`--timeout expects a duration like 10s or 1m, got ${JSON.stringify(values.timeout)}`)
  return {
    kind: 'record',
    options: { upstream, out: values.out, port: Number(port), host: values.host ?? '127.0.0.1', timeoutMs, quiet: values.quiet === true },
  }
}

/** Resolves with the exit code: at once for a mistake, else after SIGINT/SIGTERM, once FILE is written. */
export async function recordCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseRecordArgs(argv)
  if (parsed.kind === 'error') return usageError('audio-task-mock record', parsed.message)
  if (parsed.kind === 'help') {
    process.stdout.write(RECORD_USAGE)
    return 0
  }
  return runRecord(parsed.options)
}

/** Records until SIGINT/SIGTERM, then writes the scenario; resolves with the exit code. */
export async function runRecord(options: RecordOptions): Promise<number> {
  const { upstream, out } = options
  const say = (line: string): void => void process.stdout.write(`audio-task-mock record: ${line}\n`)
  const complain = (line: string): void => void process.stderr.write(`audio-task-mock record: ${line}\n`)
  let file: ScenarioFile | null = null
  const proxy = await startRecordProxy({
    upstream,
    port: options.port,
    host: options.host,
    timeoutMs: options.timeoutMs,
    onExchange: (line) => {
      if (!options.quiet) say(line)
      file?.changed()
    },
  }).catch((error: Error) => error)
  if (proxy instanceof Error) {
    complain(`cannot listen: ${proxy.message}`)
    return 1
  }
  file = new ScenarioFile(out, proxy.yaml, { onError: (error) => complain(`cannot write ${out}: ${error.message}`) })
  try {
    await file.write('whole') // at once: a path that cannot be written is a mistake to hear about now, not at the end
  } catch (error) {
    await proxy.close()
    complain(`cannot write ${out}: ${(error as Error).message}`)
    return 2
  }
  say(`listening on ${proxy.url} (forwarding to ${upstream.shown}; writing ${out})`)
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'))
    process.once('SIGINT', () => resolve('SIGINT'))
  })
  say(`${signal} received, writing ${out}`)
  await proxy.close()
  await file.stop()
  say(`checking ${out} with the scenario loader before writing it`)
  try {
    await file.write('whole')
  } catch (error) {
    if (error instanceof ScenarioRefused) {
      complain(`${out}: ${error.message}\n${out} keeps the last version written while recording.`)
      return 1
    }
    complain(`cannot write ${out}: ${(error as Error).message}`)
    return 1
  }
  const { recording } = proxy
  for (const problem of proxy.render().problems) say(`note: ${problem}`)
  say(`wrote ${out}: ${recording.exchanges} request(s), ${recording.taskCount} task(s), ${recording.faultCount} fault(s)`)
  return 0
}
