/**
 * `--host ''` (an empty value, e.g. from an unset shell variable) made Node bind every interface
 * and print `http://:PORT`. It is refused as a usage mistake, and startServer refuses it too.
 */
import { spawn } from 'node:child_process'
import { expect, it } from 'vitest'
import { startServer } from '../../src/server/start-server.js'
import { BIN } from '../support/spawn-cli.js'

it('the CLI refuses --host "" with exit 2 and says why, binding nothing', async () => {
  const child = spawn(process.execPath, [BIN, '--host', '', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // A server that started anyway is stopped after 5 s, so the test fails instead of hanging.
  const guard = setTimeout(() => child.kill('SIGTERM'), 5_000)
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  clearTimeout(guard)
  expect(output).not.toContain('audio-task-mock listening on')
  expect(code).toBe(2)
  expect(output).toContain('--host expects an address or a name to bind, got ""')
})

it('startServer refuses host "" instead of binding every interface', async () => {
  await expect(startServer({ host: '', port: 0 })).rejects.toThrow(/host must not be empty/)
})
