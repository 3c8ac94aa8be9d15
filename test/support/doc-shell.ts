/**
 * Runs a guide's command line as its reader would: with bash, in a folder of the test's, where
 * `audio-task-mock` on the PATH is the built CLI (what `npm install -g` or `npx` would give) and
 * the environment is a user's (userEnv: none of the test runner's own variables).
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { run, userEnv, type RunResult } from '../package/pack.js'
import { BIN } from './spawn-cli.js'

/** A PATH whose `audio-task-mock` is the built CLI, before the machine's own PATH. */
export function pathWithCli(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atm-doc-bin-'))
  const shim = join(dir, 'audio-task-mock')
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`)
  chmodSync(shim, 0o755)
  return `${dir}:${process.env['PATH']}`
}

/** Runs `line` with `bash -c` in `cwd` to its end (never throws for an exit code). */
export function runLine(line: string, cwd: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<RunResult> {
  return run('bash', ['-c', line], cwd, timeoutMs, env)
}

export interface RunningLine {
  /** The URL of the line's `listening on http://…` (rejects if the line ends first). */
  ready: Promise<string>
  output: () => string
  exited: Promise<number | null>
  /** Sends `signal` to the line's whole process group, as a terminal's Ctrl-C (SIGINT) does. */
  signal: (signal: NodeJS.Signals) => void
}

/** Starts `line` with `bash -c` in its own process group, for a line that serves until stopped. */
export function startLine(line: string, cwd: string, env: NodeJS.ProcessEnv = {}): RunningLine {
  const child = spawn('bash', ['-c', line], { cwd, env: { ...userEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const ready = new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer): void => {
      output += chunk.toString()
      const url = /listening on (http:\/\/[^\s"]+:\d+)/.exec(output)
      if (url) resolve(url[1]!)
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    void exited.then((code) => reject(new Error(`${JSON.stringify(line)} exited with ${code} before it listened:\n${output}`)))
  })
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // the group is gone already
    }
  }
  return { ready, output: () => output, exited, signal }
}
