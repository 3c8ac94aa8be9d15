/**
 * `npm start` under a CI job's `kill $!`: npm passes SIGTERM on to the script's shell; the
 * script must make sure the server is what receives it (it did not: dash stayed in between,
 * died, and left the server running without a parent, still holding its port).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, it } from 'vitest'
import { portClosed } from '../support/process-checks.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
let group: number | undefined

afterEach(() => {
  // Whatever the outcome, nothing this test started outlives it (an orphan keeps the group id).
  if (group !== undefined) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // the group is already gone: nothing was left behind
    }
  }
})

it('npm start stops the server when npm gets SIGTERM', async () => {
  // --ignore-scripts skips prestart (the build): npm test has just built.
  const npm = spawn('npm', ['start', '--ignore-scripts', '--', '--port', '0'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  group = npm.pid
  let output = ''
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve(ready[1]!)
    }
    npm.stdout!.on('data', onData)
    npm.stderr!.on('data', onData)
    void exited.then(() => reject(new Error(`npm start exited before the server was ready:\n${output}`)))
  })
  npm.kill('SIGTERM')
  await exited
  expect(await portClosed(url, 5_000), `${url} still answers after npm exited:\n${output}`).toBe(true)
}, 60_000)
