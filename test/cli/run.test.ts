/**
 * `audio-task-mock run -- COMMAND`: the fake lives exactly as long as COMMAND, and run exits with
 * COMMAND's code. COMMAND here is a small node script that prints the URL and its own pid, so
 * each test can check afterwards that both the port and the process are gone.
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { processGone, portClosed, waitForOutput } from '../support/process-checks.js'
import { BIN } from '../support/spawn-cli.js'

interface Run {
  child: ReturnType<typeof spawn>
  stdout: () => string
  stderr: () => string
  /** Resolves once COMMAND has printed its URL and pid. */
  ready: Promise<{ url: string; pid: number }>
  exited: Promise<number | null>
}

/** `run [args] -- node -e SCRIPT`; SCRIPT runs `setup`, prints `URL=… PID=…`, then runs `script`. */
function run(args: string[], script: string, setup = ''): Run {
  const command = `${setup}; console.log('URL=' + process.env.AUDIO_TASK_MOCK_URL + ' PID=' + process.pid); ${script}`
  const child = spawn(process.execPath, [BIN, 'run', ...args, '--', process.execPath, '-e', command], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = new Promise<{ url: string; pid: number }>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const line = /URL=(\S+) PID=(\d+)/.exec(stdout)
      if (line) resolve({ url: line[1]!, pid: Number(line[2]) })
    })
    void exited.then(() => reject(new Error(`run exited before its command printed its URL:\n${stdout}\n${stderr}`)))
  })
  return { child, stdout: () => stdout, stderr: () => stderr, ready, exited }
}

async function expectNothingLeft(ready: { url: string; pid: number }): Promise<void> {
  expect(await portClosed(ready.url, 2_000)).toBe(true)
  expect(processGone(ready.pid)).toBe(true)
}

describe('audio-task-mock run', () => {
  it('gives COMMAND the URL of a fake serving the default scenario, then exits 0 like COMMAND', async () => {
    const script = `fetch(process.env.AUDIO_TASK_MOCK_URL + '/api/v1/account/usage', { headers: { 'x-api-key': 'demo-key' } })
      .then((r) => r.text()).then((text) => console.log('USAGE ' + text))`
    const result = run([], script)
    const ready = await result.ready
    expect(await result.exited).toBe(0)
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(result.stdout()).toContain('USAGE {"code":200,"data":{"tasks_created":0,"credits_used":0,"credits_topped_up":1000}}')
    // The fake's own lines go to stderr: COMMAND's stdout is its own.
    expect(result.stdout()).not.toContain('listening on')
    expect(result.stderr()).toContain(`audio-task-mock listening on ${ready.url}`)
    await expectNothingLeft(ready)
  })

  it('exits with a non-zero code of COMMAND', async () => {
    const result = run(['--scenario', 'happy-path'], 'process.exitCode = 3')
    const ready = await result.ready
    expect(await result.exited).toBe(3)
    await expectNothingLeft(ready)
  })

  it('exits 128+N when signal N killed COMMAND', async () => {
    const result = run([], "process.kill(process.pid, 'SIGKILL')")
    const ready = await result.ready
    expect(await result.exited).toBe(128 + 9)
    await expectNothingLeft(ready)
  })

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('passes %s on to COMMAND and stops both', async (signal, code) => {
    // COMMAND would run forever; it dies of the signal run passes on.
    const result = run([], 'setInterval(() => {}, 1000)')
    const ready = await result.ready
    result.child.kill(signal)
    expect(await result.exited).toBe(code)
    await expectNothingLeft(ready)
  })

  it('lets COMMAND handle the signal and exits with the code it chooses', async () => {
    // The handler is in place before the URL line, which is when the test sends the signal.
    const result = run([], 'setInterval(() => {}, 1000)', "process.on('SIGTERM', () => { console.log('cleaning up'); process.exit(7) })")
    const ready = await result.ready
    result.child.kill('SIGTERM')
    expect(await result.exited).toBe(7)
    expect(result.stdout()).toContain('cleaning up')
    await expectNothingLeft(ready)
  })

  it('kills COMMAND on a second signal when it ignored the first', async () => {
    const result = run([], 'setInterval(() => {}, 1000)', "process.on('SIGTERM', () => console.log('ignoring SIGTERM'))")
    const ready = await result.ready
    result.child.kill('SIGTERM')
    await waitForOutput({ child: { stdout: result.child.stdout, stderr: null }, output: result.stdout }, /ignoring SIGTERM/)
    result.child.kill('SIGTERM')
    expect(await result.exited).toBe(128 + 9)
    await expectNothingLeft(ready)
  })

  it('says so and exits 127 when COMMAND is not found, leaving no server', async () => {
    const child = spawn(process.execPath, [BIN, 'run', '--', 'audio-task-mock-no-such-command'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(127)
    expect(stderr).toContain('audio-task-mock run: cannot run "audio-task-mock-no-such-command": command not found')
    const url = /listening on (\S+)/.exec(stderr)![1]!
    expect(await portClosed(url, 2_000)).toBe(true)
  })

  it.each([
    [[], 'the command to run goes after --'],
    [['--'], 'no command after --'],
    [['--prot', '1', '--', 'true'], "Unknown option '--prot'"],
    [['--version', '--', 'true'], '--version is not a run option'],
  ])('refuses %j with exit 2 and a pointer to run --help', async (args, message) => {
    const child = spawn(process.execPath, [BIN, 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2)
    expect(stderr).toContain(message)
    expect(stderr).toContain("Run 'audio-task-mock run --help' to see every option.")
  })
})
