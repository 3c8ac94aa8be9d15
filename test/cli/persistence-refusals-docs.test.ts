/**
 * docs/persistence.md's refusals, met with its own command line (bash, in a fresh folder, the built
 * CLI as `audio-task-mock`): each row's case is made, and the fake exits 2 with the prefix the page
 * gives (FILE: the line's world.db) and one of the row's messages, its placeholders (`…`, `4242`,
 * `HOST`, `"name"`) standing for whatever the run has there, and leaves FILE as it was.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { commandLines, firstBlockOf, readPage } from '../support/doc-blocks.js'
import { pathWithCli, runLine, startLine } from '../support/doc-shell.js'

const page = readPage('docs/persistence.md')
const [line] = commandLines(firstBlockOf('docs/persistence.md', 'sh')) as [string]
const prefix = /Every refusal starts `([^`]+)`/.exec(page)![1]!

const escape = (text: string): string => text.replace(/[.*+?^${}()[\]\\|]/g, '\\$&')

/** The row's messages as patterns: the page's placeholders match anything of their kind. */
function row(what: string): RegExp[] {
  const cells = page.split('\n').find((text) => text.startsWith(`| ${what} |`))
  if (cells === undefined) throw new Error(`docs/persistence.md has no refusal row "${what}"`)
  return [...cells.split('|')[2]!.matchAll(/`([^`]+)`/g)].map((message) => {
    const pattern = escape(message[1]!).replaceAll('…', '.*?').replaceAll('4242', '\\d+').replaceAll('HOST', '\\S+').replaceAll('"name"', '"[^"]*"')
    return new RegExp(`^${escape(prefix).replace('FILE', 'world\\.db')}${pattern}$`)
  })
}

function folder(): { dir: string; env: Record<string, string>; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'atm-refusal-doc-'))
  return { dir, env: { PATH: pathWithCli(), AUDIO_TASK_MOCK_PORT: '0' }, file: join(dir, 'world.db') }
}

async function expectRefused(what: string, dir: string, env: Record<string, string>, file: string): Promise<void> {
  const contents = (): Buffer | null => (existsSync(file) ? readFileSync(file) : null)
  const before = contents()
  const refused = await runLine(line, dir, env)
  expect(refused.code, refused.output).toBe(2)
  const said = refused.stderr.trimEnd().split('\n').at(-1)!
  expect(
    row(what).some((pattern) => pattern.test(said)),
    `${said}\n  is none of\n${row(what).join('\n')}`,
  ).toBe(true)
  expect(contents()).toEqual(before)
}

it('another server uses FILE', async () => {
  const { dir, env, file } = folder()
  const first = startLine(line, dir, env)
  await first.ready
  try {
    await expectRefused('another server uses FILE', dir, env, file)
  } finally {
    first.signal('SIGINT')
  }
  expect(await first.exited).toBe(0)
})

it('FILE is something else', async () => {
  const { dir, env, file } = folder()
  writeFileSync(file, 'a shopping list\n')
  await expectRefused('FILE is something else', dir, env, file)
})

it('saved under another scenario (the scenario named by AUDIO_TASK_MOCK_SCENARIO, the line as written)', async () => {
  const { dir, env, file } = folder()
  const first = startLine(line, dir, env)
  await first.ready
  first.signal('SIGINT')
  expect(await first.exited).toBe(0)
  await expectRefused('saved under another scenario', dir, { ...env, AUDIO_TASK_MOCK_SCENARIO: 'happy-path' }, file)
})

// On Node 20, AUDIO_TASK_MOCK_SQLITE=node (the page's switch) keeps to node:sqlite, which Node 20 lacks.
// (The row "Node 20 without libsql" is test/state/sqlite-binding.test.ts's: libsql is installed here.)
it.skipIf(Number(process.versions.node.split('.')[0]) !== 20)('`AUDIO_TASK_MOCK_SQLITE` keeps to a binding that is not there', async () => {
  const { dir, env, file } = folder()
  await expectRefused('`AUDIO_TASK_MOCK_SQLITE` keeps to a binding that is not there', dir, { ...env, AUDIO_TASK_MOCK_SQLITE: 'node' }, file)
  expect(existsSync(file)).toBe(false)
})

it('a named world cannot come back (the default world took its scenario along, the world had the server one)', async () => {
  const { dir, env, file } = folder()
  const first = startLine(line, dir, env)
  const url = await first.ready
  const loaded = 'version: 1\nname: loaded\naccounts: [{ api_key: qa-key, credits: 5 }]\n'
  // A world starts from the default world's scenario of the moment: made first, it has the server's.
  expect((await fetch(`${url}/worlds/a/__admin/reset`, { method: 'POST' })).status).toBe(200)
  expect((await fetch(`${url}/__admin/scenario`, { method: 'PUT', headers: { 'content-type': 'application/yaml' }, body: loaded })).status).toBe(200)
  first.signal('SIGINT')
  expect(await first.exited).toBe(0)
  await expectRefused('a named world cannot come back', dir, { ...env, AUDIO_TASK_MOCK_SCENARIO: 'happy-path' }, file)
})
