/**
 * The standalone executable's door (issue 30): `dist-exe/audio-task-mock` (npm run build:exe)
 * spawned with no `node` on its PATH, serving over HTTP. Off unless AUDIO_TASK_MOCK_EXE names the
 * executable (.ci/exe.sh sets it), so `npm test` is unchanged.
 *
 * One process per door; each test loads its scenario there (remote-fake.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import type { Door } from './doors.js'
import { startRemote } from './remote-fake.js'

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
    start: (scenario) => startRemote({ url: running!.url, door: 'executable door', where: 'the fake runs in the executable' }, scenario),
    stop: async () => undefined,
  }
}
