/**
 * Cold start: from spawning the process to the first 200 of Get Task. The fake runs as users
 * run it (`node dist/bin/audio-task-mock.js --port 0` with the bundled default scenario, or another build
 * of the CLI given with --cli) and needs a create before it has a task to read; the baseline
 * is a bare node:http script answering the same bytes. The same CLI is also started with its
 * code cache off (AUDIO_TASK_MOCK_CODE_CACHE=off, docs/decisions/010-code-cache.md) to show what
 * the cache saves. Runs rotate among the three; the report gives medians.
 *
 * Where the CLI builds its cache on the user's machine at first start (issue 15), two more
 * kinds show both figures: "first run" points the cache at a new empty directory every run,
 * "later runs" at one directory an earlier start has filled. The directory is given in
 * AUDIO_TASK_MOCK_CODE_CACHE_DIR; a build that does not honour it writes nothing there, which
 * the bench checks once before the runs: then both kinds are left out and reported as not
 * available in this build.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
import { expectStatus, send } from '../lib/http-request.js'
import { join } from 'node:path'
import { BARE_SERVER, ROOT } from '../lib/paths.js'
import { spawnServer } from '../lib/processes.js'
import { createRequest, getTaskRequest } from '../lib/requests.js'
import { median } from '../lib/stats.js'

export interface ColdStart {
  runs: number
  cli: string
  bareMs: number
  fakeMs: number
  /** The fake's time to its ready line, and from there to the first 200. */
  fakeReadyMs: number
  ratio: number
  /** The same CLI compiling every chunk from source. */
  noCacheMs: number
  noCacheRatio: number
  bareAll: number[]
  fakeAll: number[]
  noCacheAll: number[]
  /** A cache built on this machine: at the first start (empty directory) and at later starts; null when the build keeps no cache in AUDIO_TASK_MOCK_CODE_CACHE_DIR. */
  userCache: { firstMs: number; firstRatio: number; laterMs: number; laterRatio: number; firstAll: number[]; laterAll: number[] } | null
}

/** Where the CLI keeps the code cache it builds at first start (src/cli/code-cache.ts). */
export const CODE_CACHE_DIR_ENV = 'AUDIO_TASK_MOCK_CODE_CACHE_DIR'

const cacheDirs: string[] = []
const emptyDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'atm-bench-code-cache-'))
  cacheDirs.push(dir)
  return dir
}
const filled = (dir: string): boolean => readdirSync(dir, { recursive: true }).length > 0

const DEMO_KEY = 'demo-key'
/** Named explicitly (it is the CLI's default) so that a CLI built elsewhere (--cli) serves the same scenario. */
const DEFAULT_SCENARIO = join(ROOT, 'scenarios', 'default.yaml')

async function fake(cli: string, env: Record<string, string> = {}): Promise<{ total: number; ready: number }> {
  const start = performance.now()
  const server = await spawnServer('fake', [cli, '--port', '0', '--scenario', DEFAULT_SCENARIO], env)
  const ready = performance.now() - start
  try {
    const created = await expectStatus(server.url, createRequest(DEMO_KEY), 202)
    await expectStatus(server.url, getTaskRequest(created.data.task_id, DEMO_KEY), 200)
    return { total: performance.now() - start, ready }
  } finally {
    await server.stop()
  }
}

async function bare(body: string): Promise<number> {
  const start = performance.now()
  const server = await spawnServer('bare', [BARE_SERVER], { BARE_STATUS: '200', BARE_BODY: body })
  try {
    await expectStatus(server.url, getTaskRequest('any', DEMO_KEY), 200)
    return performance.now() - start
  } finally {
    await server.stop()
  }
}

/** The bytes the fake answers for a fresh task, so the baseline sends a body of the same size. */
async function sampleBody(cli: string): Promise<string> {
  const server = await spawnServer('fake', [cli, '--port', '0', '--scenario', DEFAULT_SCENARIO])
  try {
    const created = await expectStatus(server.url, createRequest(DEMO_KEY), 202)
    return (await send(server.url, getTaskRequest(created.data.task_id, DEMO_KEY))).body
  } finally {
    await server.stop()
  }
}

export async function runColdStart(runs: number, cli: string, log: (line: string) => void): Promise<ColdStart> {
  log(`cold start: ${runs} runs each, alternating (${cli})`)
  const body = await sampleBody(cli)
  const bareAll: number[] = []
  const fakeAll: number[] = []
  const readyAll: number[] = []
  const noCacheAll: number[] = []
  const firstAll: number[] = []
  const laterAll: number[] = []
  // Does this build keep its cache where it is told? One start (stopped as every run is) must leave something there.
  const later = emptyDir()
  await fake(cli, { [CODE_CACHE_DIR_ENV]: later })
  const userCache = filled(later)
  if (!userCache) log(`cold start: ${CODE_CACHE_DIR_ENV} left empty by this build: no first-run/later-runs figures (not available in this build)`)
  const kinds = userCache ? (['bare', 'fake', 'no-cache', 'first', 'later'] as const) : (['bare', 'fake', 'no-cache'] as const)
  for (let i = 0; i < runs; i++) {
    // Each kind takes each place in the order as often as the others.
    for (let k = 0; k < kinds.length; k++) {
      const which = kinds[(i + k) % kinds.length]
      if (which === 'bare') bareAll.push(await bare(body))
      else if (which === 'no-cache') noCacheAll.push((await fake(cli, { AUDIO_TASK_MOCK_CODE_CACHE: 'off' })).total)
      else if (which === 'first') firstAll.push((await fake(cli, { [CODE_CACHE_DIR_ENV]: emptyDir() })).total)
      else if (which === 'later') laterAll.push((await fake(cli, { [CODE_CACHE_DIR_ENV]: later })).total)
      else {
        const { total, ready } = await fake(cli)
        fakeAll.push(total)
        readyAll.push(ready)
      }
    }
  }
  const bareMs = median(bareAll)
  const fakeMs = median(fakeAll)
  const noCacheMs = median(noCacheAll)
  for (const dir of cacheDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  const firstMs = median(firstAll)
  const laterMs = median(laterAll)
  return {
    runs,
    cli,
    bareMs,
    fakeMs,
    fakeReadyMs: median(readyAll),
    ratio: fakeMs / bareMs,
    noCacheMs,
    noCacheRatio: noCacheMs / bareMs,
    bareAll,
    fakeAll,
    noCacheAll,
    userCache: userCache ? { firstMs, firstRatio: firstMs / bareMs, laterMs, laterRatio: laterMs / bareMs, firstAll, laterAll } : null,
  }
}
