// The action's main step: starts the fake in the background (its own process group, its lines in
// a log file under RUNNER_TEMP), waits for its "listening on" line, and hands the URL on as the
// `url` output and AUDIO_TASK_MOCK_URL for later steps. What the post step needs is saved in
// GITHUB_STATE. See action.yml for the inputs.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { append, booleanInput, command, input } from './runner-files.mjs'

const READY_MS = 120_000

const CLI = 'dist/bin/audio-task-mock.js'

/**
 * How the fake starts (decision 046): the `command` input (split on spaces) when given, else the
 * CLI of this Action's own checkout (GITHUB_ACTION_PATH, the ref the workflow's `uses:` names)
 * run by the runner's Node, built there first from its lock file (`npm ci`, whose `prepare`
 * builds) unless it is built already. Then the flags. Never a package fetched by name.
 */
export function launchPlan(env, node = process.execPath, exists = existsSync) {
  if (input(env, 'version') !== '')
    throw new Error('input version was removed: the Action runs the fake of the ref in `uses: OWNER/audio-task-mock@REF`; change that ref instead')
  const flags = [
    '--scenario',
    input(env, 'scenario', 'default') || 'default',
    '--port',
    input(env, 'port', '4010') || '4010',
    '--host',
    input(env, 'host', '127.0.0.1') || '127.0.0.1',
  ]
  if (input(env, 'seed') !== '') flags.push('--seed', input(env, 'seed'))
  const given = input(env, 'command')
  if (given !== '') return { argv: [...given.split(/\s+/), ...flags], build: null }
  const root = env.GITHUB_ACTION_PATH
  if (!root) throw new Error('GITHUB_ACTION_PATH is not set: run this as a step of a GitHub Actions job, or give the command input')
  const cli = join(root, CLI)
  return { argv: [node, cli, ...flags], build: exists(cli) ? null : { cwd: root, argv: ['npm', 'ci', '--include=dev', '--no-audit', '--no-fund'] } }
}

/** Runs the build in the Action's checkout, its output in a folded group of the step's log. */
async function build({ cwd, argv }, env) {
  process.stdout.write(`::group::audio-task-mock: building the fake in ${cwd} (${argv.join(' ')})\n`)
  // The runner's Node first on PATH: the build's scripts run `node`.
  const child = spawn(argv[0], argv.slice(1), {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, PATH: `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}` },
  })
  const failure = await new Promise((resolve) => {
    child.once('error', (error) =>
      resolve(error.code === 'ENOENT' ? `${argv[0]} is not on PATH (add actions/setup-node before this step, or give the command input)` : error.message),
    )
    child.once('close', (status, signal) => resolve(status === 0 ? null : `${argv.join(' ')} exited with ${status ?? signal}`))
  })
  process.stdout.write('::endgroup::\n')
  if (failure !== null) throw new Error(`building the fake in ${cwd} failed: ${failure}`)
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
  const plan = launchPlan(env)
  if (plan.build !== null) await build(plan.build, env)
  const [program, ...args] = plan.argv
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
