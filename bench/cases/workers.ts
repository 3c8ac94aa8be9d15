/** The cases that run in a child process of their own (in-process timings, memory per task). */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { WORKERS } from '../lib/paths.js'

const run = promisify(execFile)

async function worker<T>(script: string, args: readonly string[], nodeArgs: readonly string[] = []): Promise<T> {
  const { stdout } = await run(process.execPath, [...nodeArgs, join(WORKERS, script), ...args], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T
}

export interface InProcess {
  lives: number
  livesMs: number
  /** CPU time (user + system) of the process during the lives. */
  livesCpuMs: number
  requests: number
  suiteMs: number
  suiteChecks: number
}

export function runInProcess(lives: number, log: (line: string) => void): Promise<InProcess> {
  log(`in-process: client suite, then ${lives} task lives through setupServer`)
  return worker<InProcess>('in-process.js', [String(lives)])
}

export interface Memory {
  tasks: number
  bytesPerTask: number
  heapMb: number
  rssMb: number
  ms: number
}

export function runMemory(tasks: number, log: (line: string) => void): Promise<Memory> {
  log(`memory: ${tasks} finished tasks`)
  return worker<Memory>('memory.js', [String(tasks)], ['--expose-gc'])
}
