/**
 * Cold start: from spawning the process to the first 200 of Get Task. The fake runs as users
 * run it (`node dist/bin/audio-task-mock.js --port 0` with the bundled default scenario, or another build
 * of the CLI given with --cli) and needs a create before it has a task to read; the baseline
 * is a bare node:http script answering the same bytes. The same CLI is also started with its
 * code cache off (AUDIO_TASK_MOCK_CODE_CACHE=off, docs/decisions/010-code-cache.md) to show what
 * the cache saves. Runs rotate among the three; the report gives medians.
 */
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
}

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
  const kinds = ['bare', 'fake', 'no-cache'] as const
  for (let i = 0; i < runs; i++) {
    // Each kind takes each place in the order as often as the others.
    for (let k = 0; k < kinds.length; k++) {
      const which = kinds[(i + k) % kinds.length]
      if (which === 'bare') bareAll.push(await bare(body))
      else if (which === 'no-cache') noCacheAll.push((await fake(cli, { AUDIO_TASK_MOCK_CODE_CACHE: 'off' })).total)
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
  return { runs, cli, bareMs, fakeMs, fakeReadyMs: median(readyAll), ratio: fakeMs / bareMs, noCacheMs, noCacheRatio: noCacheMs / bareMs, bareAll, fakeAll, noCacheAll }
}
