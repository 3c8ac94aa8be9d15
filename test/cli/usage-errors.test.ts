/**
 * A usage mistake, in every subcommand, prints the mistake and one line pointing to that
 * subcommand's --help (not the whole help text), and exits 2.
 */
import { expect, it } from 'vitest'
import { runCli } from '../support/spawn-cli.js'

it.each([
  ['audio-task-mock', ['--prot', '1'], "Unknown option '--prot'"],
  ['audio-task-mock', ['--port', 'eighty'], '--port expects a whole number from 0 to 65535, got "eighty"'],
  ['audio-task-mock', ['sevre'], 'unknown command "sevre"'],
  ['audio-task-mock run', ['--prot', '1', '--', 'true'], "Unknown option '--prot'"],
  ['audio-task-mock run', [], 'the command to run goes after --'],
  ['audio-task-mock run', ['--version', '--', 'true'], '--version is not a run option'],
  ['audio-task-mock check', ['--jsn'], "Unknown option '--jsn'"],
  ['audio-task-mock check', [], 'name at least one scenario file'],
  ['audio-task-mock verify', ['--bogus'], "Unknown option '--bogus'"],
  ['audio-task-mock verify', [], '--base-url and --api-key are required'],
  ['audio-task-mock record', ['--bogus'], "Unknown option '--bogus'"],
  ['audio-task-mock record', [], '--upstream and --out are required'],
])('%s %j: the mistake, then one line pointing to --help; exit 2', async (command, args, message) => {
  const sub = command.split(' ').slice(1)
  const result = await runCli([...sub, ...args])
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  const lines = result.stderr.split('\n')
  expect(lines, result.stderr).toHaveLength(3) // two lines and the final newline
  expect(lines[0]).toMatch(new RegExp(`^${command}: `))
  expect(lines[0]).toContain(message)
  expect(lines[1]).toBe(`Run '${command} --help' to see every option.`)
})
