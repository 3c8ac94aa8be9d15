/**
 * docs/ci.md's recipe under `bash -e` (GitHub Actions' default shell): `audio-task-mock run -- CMD`
 * passes CMD's exit code on, so a failing suite fails the step (bash -e stops there), a passing
 * one lets it go on, and no fake is left running either way.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { BIN } from '../support/spawn-cli.js'

async function step(exitCode: number): Promise<{ code: number; stdout: string }> {
  // The suite prints the fake's URL (to check it is gone afterwards), then exits with `exitCode`.
  const suite = `node -e 'console.log(process.env.AUDIO_TASK_MOCK_URL); process.exit(${exitCode})'`
  const script = `node ${JSON.stringify(BIN)} run -- ${suite}\necho "the step went on"`
  try {
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script])
    return { code: 0, stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, stdout: failed.stdout }
  }
}

async function gone(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/__admin/health`)
    return false
  } catch {
    return true
  }
}

it.each([
  [0, true],
  [3, false],
])('a suite that exits %i: the step exits with it, goes on only when it passed, and leaves no fake', async (exitCode, wentOn) => {
  const { code, stdout } = await step(exitCode)
  expect(code).toBe(exitCode)
  expect(stdout.includes('the step went on')).toBe(wentOn)
  const url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1]
  expect(url, stdout).toBeDefined()
  expect(await gone(url!)).toBe(true)
})
