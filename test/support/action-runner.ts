/**
 * The GitHub Action (action.yml) run as the runner runs it: `node action/main.mjs`, then
 * `node action/post.mjs`, with the inputs as INPUT_* variables, GITHUB_OUTPUT, GITHUB_ENV and
 * GITHUB_STATE files, GITHUB_ACTION_PATH (the Action's checkout: this repository, or `actionPath`),
 * and the state handed to the post step as STATE_* variables. The fake is the built CLI (the
 * `command` input) on a free port (the `port` input 0), unless the inputs say else; with
 * `command: false` no command is given, so the Action runs the CLI of its own checkout.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BIN } from './spawn-cli.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Reads a runner file: `name=value` lines and `name<<DELIMITER` heredocs. */
export function readRunnerFile(file: string): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n')
  const values: Record<string, string> = {}
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!)
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1)
      values[heredoc[1]!] = lines.slice(i + 1, end).join('\n')
      i = end
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=')
      values[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1)
    }
  }
  return values
}

function step(actionPath: string, script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [join(actionPath, 'action', script)], {
    env: { PATH: process.env['PATH']!, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout })))
}

/** A job: the runner's files and the action's inputs. */
export function job(inputs: Record<string, string>, { actionPath = ROOT, command = true }: { actionPath?: string; command?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'atm-action-'))
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_ENV: join(dir, 'env'), GITHUB_STATE: join(dir, 'state') }
  for (const file of Object.values(files)) writeFileSync(file, '')
  const env: Record<string, string> = { ...files, RUNNER_TEMP: dir, GITHUB_WORKSPACE: ROOT, GITHUB_ACTION_PATH: actionPath, INPUT_PORT: '0' }
  if (command) env['INPUT_COMMAND'] = `${process.execPath} ${BIN}`
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  const post = () => {
    const state = Object.fromEntries(Object.entries(readRunnerFile(files.GITHUB_STATE)).map(([name, value]) => [`STATE_${name}`, value]))
    return step(actionPath, 'post.mjs', { ...env, ...state })
  }
  return { env, files, main: () => step(actionPath, 'main.mjs', env), post, state: () => readRunnerFile(files.GITHUB_STATE) }
}
