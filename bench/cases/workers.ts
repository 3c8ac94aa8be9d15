/** The cases that run in a child process of their own (in-process timings, memory per task, importing the main entry). */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT, WORKERS } from '../lib/paths.js'
import { median } from '../lib/stats.js'

const run = promisify(execFile)

async function worker<T>(script: string, args: readonly string[], nodeArgs: readonly string[] = []): Promise<T> {
  const { stdout } = await run(process.execPath, [...nodeArgs, join(WORKERS, script), ...args], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T
}

/** One door's figures: the client suite, then `lives` complete task lives. */
export interface DoorRun {
  lives: number
  livesMs: number
  /** CPU time (user + system) of the process during the lives. */
  livesCpuMs: number
  requests: number
  suiteMs: number
  suiteChecks: number
}

/** msw's setupServer (the fields of the earlier reports, kept as they were), and `mock.fetch` (null: not in this build). */
export interface InProcess extends DoorRun {
  fetchDoor: DoorRun | null
}

export async function runInProcess(lives: number, log: (line: string) => void): Promise<InProcess> {
  log(`in-process: client suite, then ${lives} task lives through setupServer`)
  const msw = await worker<DoorRun & { available: true }>('in-process.js', [String(lives), 'msw'])
  log(`in-process: client suite, then ${lives} task lives through mock.fetch`)
  const fetched = await worker<(DoorRun & { available: true }) | { available: false }>('in-process.js', [String(lives), 'fetch'])
  if (!fetched.available) log('in-process: mock.fetch: not available in this build')
  return { ...figures(msw), fetchDoor: fetched.available ? figures(fetched) : null }
}

const figures = (run: DoorRun): DoorRun => ({
  lives: run.lives,
  livesMs: run.livesMs,
  livesCpuMs: run.livesCpuMs,
  requests: run.requests,
  suiteMs: run.suiteMs,
  suiteChecks: run.suiteChecks,
})

/** Importing the built main entry (dist/index.js) in fresh node processes. */
export interface EntryImport {
  entry: string
  runs: number
  /** Median ms of `await import(entry)`, and every run. */
  importMs: number
  all: number[]
  /** Whether any file of an `express` package was loaded (in any run), and how many. */
  expressLoaded: boolean
  expressFiles: number
  /** CommonJS modules loaded by the import (the median run). */
  cjsModules: number
}

export async function runImport(runs: number, log: (line: string) => void): Promise<EntryImport> {
  const entry = join(ROOT, 'dist', 'index.js')
  log(`import: ${entry}, ${runs} fresh processes`)
  const all: Array<{ ms: number; express: number; cjs: number }> = []
  for (let i = 0; i < runs; i++) all.push(await worker('import-entry.js', [entry]))
  const expressFiles = Math.max(...all.map((run) => run.express))
  return {
    entry,
    runs,
    importMs: median(all.map((run) => run.ms)),
    all: all.map((run) => run.ms),
    expressLoaded: expressFiles > 0,
    expressFiles,
    cjsModules: median(all.map((run) => run.cjs)),
  }
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
