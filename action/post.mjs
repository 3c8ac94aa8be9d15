// The action's post step (always run, also when the job failed): reads the client report when
// fail-on-violations is true, stops the fake (SIGTERM to its process group, SIGKILL after 10 s),
// prints the end of its log, and fails the job if the report listed violations.
import { existsSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { booleanInput, command, input } from './runner-files.mjs'

const STOP_MS = 10_000

const alive = (pid) => {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}

/** Sends `signal` to the fake's process group; waits up to `ms` for it to be gone. */
async function stopGroup(pid, signal, ms) {
  try {
    process.kill(-pid, signal)
  } catch {
    return true
  }
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (!alive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !alive(pid)
}

/** The report's violations (less the ignored rules), or a message saying why it could not be read. */
async function violations(env, url) {
  const token = input(env, 'admin-token')
  const response = await fetch(`${url}/__admin/report`, {
    headers: token === '' ? {} : { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`GET /__admin/report answered ${response.status}: ${await response.text()}`)
  const ignored = new Set(
    input(env, 'ignore-rules')
      .split(',')
      .map((rule) => rule.trim())
      .filter(Boolean),
  )
  return (await response.json()).violations.filter((violation) => !ignored.has(violation.rule))
}

export async function post(env = process.env) {
  const pid = Number(env.STATE_pid)
  const url = env.STATE_url
  let failed = false
  if (booleanInput(env, 'fail-on-violations', false) && url) {
    try {
      const found = await violations(env, url)
      for (const v of found) process.stdout.write(command('error', `audio-task-mock: [${v.rule}] ${v.api_key}: ${v.message}`))
      process.stdout.write(`audio-task-mock: the client report lists ${found.length} violation(s)\n`)
      failed = found.length > 0
    } catch (error) {
      process.stdout.write(command('error', `audio-task-mock: cannot read the client report: ${error.message}`))
      failed = true
    }
  }
  if (Number.isInteger(pid) && pid > 0) {
    const stopped = (await stopGroup(pid, 'SIGTERM', STOP_MS)) || (await stopGroup(pid, 'SIGKILL', 2_000))
    process.stdout.write(stopped ? `audio-task-mock: stopped (pid ${pid})\n` : command('warning', `audio-task-mock: pid ${pid} did not stop`))
  }
  const log = env.STATE_log
  if (log && existsSync(log))
    process.stdout.write(`--- the fake's log (${log}), last lines ---\n${readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')}\n`)
  if (failed) process.exitCode = 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  post().catch((error) => {
    process.stdout.write(command('error', `audio-task-mock: ${error.message}`))
    process.exitCode = 1
  })
}
