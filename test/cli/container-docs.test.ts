/**
 * docs/ci.md's container recipes, as far as `npm test` can run them with no container engine:
 * what each asks of the image (its `-e` variables, its port, its health check, the log line it
 * waits for) is checked against the fake started as the image starts it (test/support/dockerfile.ts:
 * the Dockerfile's variables, the built CLI for its entry point, a free port instead of 4010,
 * reached through 127.0.0.1 while it binds 0.0.0.0 as in the image). CI runs the `docker` lines
 * and the Node Testcontainers recipe for real (container-engine.test.ts); the Python recipe,
 * which cannot run here, is kept to the Node recipe's image and variables. The page's table of
 * variables, which configure the image, is checked against the flags too.
 */
import { afterEach, expect, it } from 'vitest'
import { blockOf, commandLines, readPage } from '../support/doc-blocks.js'
import { imageSettings } from '../support/dockerfile.js'
import { ENV_FLAGS, envNameOf } from '../../src/cli/serve-env.js'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

const PAGE = 'docs/ci.md'
const image = imageSettings()
let running: Started | null = null
afterEach(async () => {
  running?.child.kill('SIGTERM')
  expect((await running?.exited)?.code ?? 0).toBe(0)
  running = null
})

/** Starts the fake as the image does, with `variables` as `docker run -e` or a library would add them. */
async function asImage(variables: Record<string, string>): Promise<string> {
  running = await startCli([], { ...image.env, ...variables, AUDIO_TASK_MOCK_PORT: '0' })
  return `http://127.0.0.1:${new URL(running.url).port}`
}

async function health(url: string, headers: Record<string, string> = {}): Promise<{ code: number; scenario?: string }> {
  const answer = await fetch(`${url}/__admin/health`, { headers })
  return answer.ok ? { code: answer.status, scenario: ((await answer.json()) as { scenario: string }).scenario } : { code: answer.status }
}

it('docker build and run: the image it builds, on the port it exposes, serves the scenario its -e names to the token its -e gives', async () => {
  const [build, run] = commandLines(blockOf(PAGE, 'sh', 'docker build'))
  const tag = /^docker build -t (\S+) \.$/.exec(build!)?.[1]
  expect(tag, build).toBeDefined()
  const words = run!.split(' ')
  expect(words.slice(0, 3)).toEqual(['docker', 'run', '--rm'])
  expect(words.at(-1)).toBe(tag)
  const ports = words.flatMap((word, at) => (words[at - 1] === '-p' ? [word] : []))
  expect(ports).toEqual([`${image.exposed}:${image.exposed}`])
  const variables = Object.fromEntries(words.flatMap((word, at) => (words[at - 1] === '-e' ? [word.split('=') as [string, string]] : [])))
  expect(Object.keys(variables).length).toBeGreaterThan(0)
  const url = await asImage(variables)
  expect(await health(url)).toEqual({ code: 401 }) // on 0.0.0.0 the admin API wants the token
  expect(await health(url, { authorization: `Bearer ${variables['AUDIO_TASK_MOCK_ADMIN_TOKEN']}` })).toEqual({
    code: 200,
    scenario: variables['AUDIO_TASK_MOCK_SCENARIO'],
  })
})

it('Testcontainers for Node: its environment starts a fake its wait strategy finds healthy', async () => {
  const text = blockOf(PAGE, 'ts', 'testcontainers').text
  const literal = (call: string): unknown => new Function(`return ${new RegExp(`\\.${call}\\((\\{[^}]*\\})\\)`).exec(text)![1]}`)() as unknown
  const environment = literal('withEnvironment') as Record<string, string>
  expect(/\.withExposedPorts\((\d+)\)/.exec(text)?.[1]).toBe(image.exposed)
  const wait = /Wait\.forHttp\('([^']+)', (\d+)\)\.withHeaders\(.*\)\.forStatusCode\((\d+)\)/.exec(text)
  expect(wait, 'a Wait.forHttp(path, port).withHeaders(…).forStatusCode(…)').not.toBeNull()
  expect(wait![2]).toBe(image.exposed)
  const url = await asImage(environment)
  const answer = await fetch(`${url}${wait![1]}`, { headers: literal('withHeaders') as Record<string, string> })
  expect(answer.status).toBe(Number(wait![3]))
  expect(((await answer.json()) as { scenario: string }).scenario).toBe(environment['AUDIO_TASK_MOCK_SCENARIO'])
})

it('Testcontainers for Python: the Node recipe’s image and variables, and a fake that logs the line it waits for', async () => {
  const text = blockOf(PAGE, 'python', 'testcontainers').text
  const node = blockOf(PAGE, 'ts', 'testcontainers').text
  const environment = Object.fromEntries([...text.matchAll(/\.with_env\("(\w+)", "([^"]*)"\)/g)].map((m) => [m[1]!, m[2]!]))
  const nodeEnvironment = new Function(`return ${/\.withEnvironment\((\{[^}]*\})\)/.exec(node)![1]}`)() as Record<string, string>
  expect(environment).toEqual(nodeEnvironment)
  const built = /DockerImage\(path="([^"]+)", tag="([^"]+)"\)/.exec(text)
  expect(built?.slice(1)).toEqual([...(/fromDockerfile\('([^']+)'\)\.build\('([^']+)'\)/.exec(node)?.slice(1) ?? [])])
  expect(/DockerContainer\("([^"]+)"\)/.exec(text)?.[1]).toBe(built?.[2])
  expect(/\.with_exposed_ports\((\d+)\)/.exec(text)?.[1]).toBe(image.exposed)
  expect(/\.withExposedPorts\((\d+)\)/.exec(node)?.[1]).toBe(image.exposed)
  const logged = /wait_for_logs\(fake, "([^"]+)"\)/.exec(text)?.[1]
  expect(logged).toBeDefined()
  await asImage(environment)
  expect(running!.output()).toContain(logged)
  // It waits for the log line only, so the fake has to serve by then.
  expect((await fetch(`http://127.0.0.1:${new URL(running!.url).port}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })).status).toBe(200)
})

it('the variables: the table pairs each flag with its variable, and a wrong value stops the fake as the page shows', async () => {
  const page = readPage(PAGE)
  const rows = [...page.matchAll(/^\| `(AUDIO_TASK_MOCK_\w+)` \| `--([\w-]+)`/gm)].map((row) => [row[1], row[2]])
  expect(rows).toEqual(ENV_FLAGS.map((flag) => [envNameOf(flag), flag]))
  const shown = /`(audio-task-mock: (AUDIO_TASK_MOCK_\w+) expects [^`]*, got "([^"]+)")`/.exec(page)
  expect(shown, 'docs/ci.md shows the message of a wrong value').not.toBeNull()
  const wrong = await runCli([], { [shown![2]!]: shown![3]! })
  expect({ code: wrong.code, first: wrong.stderr.split('\n')[0] }).toEqual({ code: 2, first: shown![1] }) // then the usage
})
