// The action's main step: starts the fake in the background (its own process group, its lines in
// a log file under RUNNER_TEMP), waits for its "listening on" line, and hands the URL on as the
// `url` output and AUDIO_TASK_MOCK_URL for later steps. What the post step needs is saved in
// GITHUB_STATE. See action.yml for the inputs.
import { spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { append, booleanInput, command, input } from './runner-files.mjs'

const READY_MS = 120_000

/** The command line that starts the fake: `command` (split on spaces) or npx, then the flags. */
export function fakeCommand(env) {
  const given = input(env, 'command')
  const base = given === '' ? ['npx', '--yes', `audio-task-mock@${input(env, 'version', 'latest') || 'latest'}`] : given.split(/\s+/)
  const flags = [
    '--scenario',
    input(env, 'scenario', 'default') || 'default',
    '--port',
    input(env, 'port', '4010') || '4010',
    '--host',
    input(env, 'host', '127.0.0.1') || '127.0.0.1',
  ]
  if (input(env, 'seed') !== '') flags.push('--seed', input(env, 'seed'))
  return [...base, ...flags]
}

function waitForReady(log, child) {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let exited = null
    child.once('exit', (code, signal) => (exited = code ?? signal))
    const look = () => {
      const text = readFileSync(log, 'utf8')
      const ready = /listening on (http:\/\/\S+:\d+)(?:\s|$)/.exec(text) // not the usage text's "listening on http://HOST:PORT"
      if (ready) return resolve(ready[1])
      if (exited !== null) return reject(new Error(`the fake exited (${exited}) before it was ready:\n${text}`))
      if (Date.now() - started > READY_MS) return reject(new Error(`the fake was not ready after ${READY_MS / 1000} s:\n${text}`))
      setTimeout(look, 100)
    }
    look()
  })
}

export async function main(env = process.env) {
  booleanInput(env, 'fail-on-violations', false) // a mistake here is reported now, not at the end of the job
  const [program, ...args] = fakeCommand(env)
  const log = join(env.RUNNER_TEMP || tmpdir(), `audio-task-mock-${process.pid}.log`)
  const out = openSync(log, 'w')
  const token = input(env, 'admin-token')
  const child = spawn(program, args, {
    cwd: env.GITHUB_WORKSPACE || process.cwd(),
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...env, ...(token === '' ? {} : { AUDIO_TASK_MOCK_ADMIN_TOKEN: token }) },
  })
  closeSync(out)
  const spawned = await new Promise((resolve) => {
    child.once('spawn', () => resolve(null))
    child.once('error', (error) => resolve(error))
  })
  if (spawned !== null) throw new Error(`cannot start ${program}: ${spawned.message}`)
  // Saved first: if the fake never gets ready, the post step still stops whatever is left.
  append(env, 'GITHUB_STATE', 'pid', child.pid)
  append(env, 'GITHUB_STATE', 'log', log)
  const url = await waitForReady(log, child)
  child.unref()
  append(env, 'GITHUB_STATE', 'url', url)
  append(env, 'GITHUB_OUTPUT', 'url', url)
  append(env, 'GITHUB_ENV', 'AUDIO_TASK_MOCK_URL', url)
  process.stdout.write(`audio-task-mock is listening on ${url} (pid ${child.pid}, log ${log})\n`)
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    process.stdout.write(command('error', `audio-task-mock: ${error.message}`))
    process.exitCode = 1
  })
}
