/** Where things are: the repository, the compiled CLI, the compiled bench scripts and the bench scenario. */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'audio-task-mock') return dir
  }
  throw new Error(`cannot find the audio-task-mock package above ${from}`)
}

/** The compiled bench directory (bench/.tmp/build/bench). */
export const BENCH_BUILD = fileURLToPath(new URL('..', import.meta.url))
export const ROOT = findRoot(BENCH_BUILD)
/** The CLI as users run it: plain tsc output. */
export const CLI = join(ROOT, 'dist', 'bin', 'audio-task-mock.js')
export const BENCH_SCENARIO = join(ROOT, 'bench', 'scenarios', 'bench.yaml')
export const BARE_SERVER = join(BENCH_BUILD, 'servers', 'bare.js')
export const EXPRESS_SERVER = join(BENCH_BUILD, 'servers', 'express-door.js')
export const WORKERS = join(BENCH_BUILD, 'workers')
