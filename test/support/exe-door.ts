/**
 * The standalone executable's door (issue 30): `dist-exe/audio-task-mock` (npm run build:exe)
 * spawned with no `node` on its PATH, serving over HTTP. Off unless AUDIO_TASK_MOCK_EXE names the
 * executable (.ci/exe.sh sets it), so `npm test` is unchanged.
 *
 * One process per door: each test's scenario is loaded with `PUT /__admin/scenario`, which starts
 * a fresh world as a new fake would. The suites' synchronous moves (`fake.mock.clock.advance`,
 * `fake.mock.reset()`) are queued and sent to the admin API before the next request, as the
 * browser door does; anything else on `mock` throws, naming what it was asked for.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { send, type Door, type Fetcher } from './doors.js'
import { queuedMock, type Queued } from './queued-mock.js'

export const EXE_ENV = 'AUDIO_TASK_MOCK_EXE'

/** The executable's door when AUDIO_TASK_MOCK_EXE is set, else none: spread it into a suite's door list. */
export function exeDoors(env: NodeJS.ProcessEnv = process.env): Door[] {
  const exe = env[EXE_ENV]
  return exe === undefined || exe === '' ? [] : [exeDoor(resolve(exe))]
}

/** Starts the executable with an empty PATH (so no `node` can be found) and resolves with its URL. */
function startExe(exe: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(exe, ['--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: '/nonexistent', HOME: process.env['HOME'] ?? '/tmp' },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve({ child, url: ready[1]! })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code, signal) => reject(new Error(`${exe} exited (${code ?? signal}) before it was ready:\n${output}`)))
  })
}

async function admin(url: string, method: string, path: string, body?: string, type = 'application/json'): Promise<unknown> {
  const response = await fetch(url + path, { method, headers: body === undefined ? {} : { 'content-type': type }, body })
  const text = await response.text()
  if (!response.ok) throw new Error(`executable door: ${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

export function exeDoor(exe: string): Door {
  let running: { child: ChildProcess; url: string } | null = null
  return {
    name: `standalone executable (${exe})`,
    async setup() {
      running = await startExe(exe)
    },
    async teardown() {
      const child = running?.child
      running = null
      if (child === undefined || child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
    async start(scenario) {
      const { url } = running!
      await admin(url, 'PUT', '/__admin/scenario', scenario, 'application/yaml')
      const queue: Queued[] = []
      const flush = async () => {
        while (queue.length > 0) {
          const step = queue.shift()!
          if ('reset' in step) await admin(url, 'POST', '/__admin/reset')
          else await admin(url, 'POST', '/__admin/clock/advance', JSON.stringify({ by: step.advance }))
        }
      }
      const flushed: Fetcher = async (target, init) => (await flush(), fetch(target, init))
      const ledger = async (key: string) => (await flush(), (await admin(url, 'GET', `/__admin/accounts/${encodeURIComponent(key)}`)) as never)
      const scenarioOf = resolveScenario(scenario)
      return {
        mock: queuedMock(queue, 'executable door', 'the fake runs in the executable', '/__admin'),
        origin: url,
        ledger,
        call: (method, path, options) => send(url, method, path, options, scenarioOf, flushed),
      }
    },
    stop: async () => undefined,
  }
}
