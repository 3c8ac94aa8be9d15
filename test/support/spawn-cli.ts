/** Runs the compiled CLI (npm test builds it first) as a child process. */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../dist/bin/audio-task-mock.js', import.meta.url))

export interface Started {
  child: ChildProcess
  url: string
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts the CLI and resolves once it prints its ready line (rejects if it exits first). */
export function startCli(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve({ child, url: ready[1]!, output: () => output, exited })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    exited.then(({ code }) => reject(new Error(`CLI exited with ${code} before it was ready:\n${output}`)))
  })
}

/** Runs the CLI to completion (`env` is added to this process's environment). */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}
