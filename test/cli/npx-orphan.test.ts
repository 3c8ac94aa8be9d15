/**
 * `npx audio-task-mock` under a CI job's `kill $!`: npx runs the bin through `sh -c`, passes
 * SIGTERM to that shell, and Debian's dash dies without passing it on. The server must not stay
 * behind holding its port: launched by npm (npm_command set), it stops when its parent goes.
 * This reproduces npx's process tree directly (sh -c around the built bin, npm's environment).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setTimeout as wait } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { portClosed } from '../support/process-checks.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The process groups the tests started (the tests run at once: each mostly waits for a process). */
const groups = new Set<number>()

afterAll(() => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // the group is already gone: nothing was left behind
    }
  }
})

function launch(env: NodeJS.ProcessEnv, command = 'node dist/bin/audio-task-mock.js --port 0') {
  const shell = spawn('sh', ['-c', command], { cwd: ROOT, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] })
  groups.add(shell.pid!)
  let output = ''
  const exited = new Promise<void>((resolve) => shell.once('exit', () => resolve()))
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve(ready[1]!)
    }
    shell.stdout.on('data', onData)
    shell.stderr.on('data', onData)
    // The pipe, not the shell: a server whose launcher died still writes its ready line to it.
    shell.stdout.once('close', () => reject(new Error(`exited before the server was ready:\n${output}`)))
  })
  return { shell, url, exited, output: () => output }
}

it.concurrent(
  'stops the server when the shell npx started it under dies of SIGTERM',
  async () => {
    const started = launch({ ...process.env, npm_command: 'exec' })
    const url = await started.url
    started.shell.kill('SIGTERM') // what npm does with its own SIGTERM
    await started.exited
    expect(await portClosed(url, 5_000), `${url} still answers after its launcher died:\n${started.output()}`).toBe(true)
  },
  60_000,
)

/** Resolves once `pid` has a child process (Linux: /proc/PID/task/PID/children). */
async function childOf(pid: number): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    if (readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim() !== '') return
    await wait(5)
  }
  throw new Error(`process ${pid} started no child within 2 s`)
}

it.concurrent(
  'stops the server when its launcher died while it was still starting (before the ready line)',
  async () => {
    // `; true` keeps the shell from handing its process over to node, so node is its child.
    const started = launch({ ...process.env, npm_command: 'exec' }, 'node dist/bin/audio-task-mock.js --port 0; true')
    await childOf(started.shell.pid!)
    started.shell.kill('SIGKILL')
    await started.exited
    const url = await started.url // the server still writes to the pipe the shell was given
    expect(await portClosed(url, 5_000), `${url} still answers after its launcher died:\n${started.output()}`).toBe(true)
  },
  60_000,
)

it.concurrent(
  'keeps serving when it was not launched by npm (a direct start outlives its shell, as users expect of nohup)',
  async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')))
    const started = launch(env)
    const url = await started.url
    started.shell.kill('SIGTERM')
    await started.exited
    expect(await portClosed(url, 1_500)).toBe(false)
  },
  60_000,
)
