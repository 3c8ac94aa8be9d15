/**
 * Server processes under test: each is a `node` child that prints a line containing
 * `listening on http://HOST:PORT` when ready (the CLI's ready line; the bench servers copy it).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'

export interface ServerProcess {
  readonly name: string
  readonly url: string
  readonly pid: number
  /** Resident set size in MB, read from /proc (null where there is no /proc). */
  rssMb(): number | null
  stop(): Promise<void>
}

const READY = /listening on (http:\/\/\S+)/

export function rssMbOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return kb ? Number(kb[1]) / 1024 : null
  } catch {
    return null
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Spawns `node ...args` and resolves once it prints its ready line; rejects if it exits or stays silent. */
export function spawnServer(name: string, args: readonly string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let output = ''
  let settled = false
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not get ready in 30 s:\n${output}`)), 30_000)
    const fail = (error: Error): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(error)
    }
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = READY.exec(output)
      if (ready === null || settled) return
      settled = true
      clearTimeout(timer)
      child.stdout!.off('data', onData)
      child.stdout!.resume()
      resolve({
        name,
        url: ready[1]!,
        pid: child.pid!,
        rssMb: () => rssMbOf(child.pid!),
        async stop() {
          const done = exited(child)
          child.kill('SIGTERM')
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
          await done
          clearTimeout(force)
        },
      })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code, signal) => fail(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`)))
  })
}
