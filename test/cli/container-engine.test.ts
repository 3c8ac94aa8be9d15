/**
 * docs/ci.md's container lines, run for real against a Docker-compatible engine: the `docker
 * build` / `docker run` lines with the docker client, and the Testcontainers for Node recipe in a
 * fresh project with the package its install line names. Off unless AUDIO_TASK_MOCK_DOCKER_HOST
 * names the engine's socket (.ci/container-docs.sh starts podman's and sets it), so `npm test`
 * is unchanged. Where a line publishes a fixed port (`-p 4010:4010`), the test publishes the
 * same container port on a free port of 127.0.0.1 instead; nothing else is changed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { blockOf, blocksOf, commandLines, readPage, REPO } from '../support/doc-blocks.js'
import { imageSettings } from '../support/dockerfile.js'

const DOCKER_HOST_ENV = 'AUDIO_TASK_MOCK_DOCKER_HOST'
const PAGE = 'docs/ci.md'
const engine = process.env[DOCKER_HOST_ENV] ?? ''
const env = { ...process.env, DOCKER_HOST: engine }
const image = imageSettings()
const MINUTES = 60_000

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A command of the page run to its end; throws with its output unless it exits 0. */
function run(words: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const done = spawnSync(words[0]!, words.slice(1), { cwd: options.cwd ?? REPO, env: options.env ?? env, encoding: 'utf8', maxBuffer: 64 << 20 })
  if (done.status !== 0) throw new Error(`${words.join(' ')} exited ${done.status}:\n${done.stdout}${done.stderr}`)
  return done.stdout + done.stderr
}

/** A `docker run` line started in the background, its `-p HOST:CONTAINER` published on a free port of 127.0.0.1; resolves once it answers. */
async function started(line: string) {
  const words = line.split(' ')
  expect(words.slice(0, 3)).toEqual(['docker', 'run', '--rm'])
  const at = words.indexOf('-p') + 1
  expect(words[at]).toBe(`${image.exposed}:${image.exposed}`)
  const port = await freePort()
  words[at] = `127.0.0.1:${port}:${image.exposed}`
  const child = spawn(words[0]!, words.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const origin = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 2 * MINUTES; ; await sleep(200)) {
    if (
      await fetch(`${origin}/__admin/health`).then(
        () => true,
        () => false,
      )
    )
      break
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${line} did not answer:\n${output}`)
  }
  // `docker stop` as a user sends it: SIGTERM to the client, which passes it on; --rm then removes the container.
  const stop = async () => (child.kill('SIGTERM'), { code: await exited, output })
  return { origin, output: () => output, stop }
}

const variablesOf = (line: string) => Object.fromEntries([...line.matchAll(/ -e (\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]))
const apiKey = { 'x-api-key': 'demo-key' }

describe.runIf(engine !== '')('docs/ci.md against a Docker-compatible engine', () => {
  const removals: string[][] = []
  afterAll(() => {
    for (const words of removals) spawnSync(words[0]!, words.slice(1), { env })
  })

  it('docker build, then docker run with the variables it gives', { timeout: 30 * MINUTES }, async () => {
    const [build, runLine] = commandLines(blockOf(PAGE, 'sh', 'docker build'))
    const tag = /^docker build -t (\S+) \.$/.exec(build!)![1]!
    run(build!.split(' '))
    removals.push(['docker', 'rmi', tag])
    expect(runLine!.split(' ').at(-1)).toBe(tag)
    const fake = await started(runLine!)
    const variables = variablesOf(runLine!)
    const health = await fetch(`${fake.origin}/__admin/health`, { headers: { authorization: `Bearer ${variables['AUDIO_TASK_MOCK_ADMIN_TOKEN']}` } })
    expect([health.status, ((await health.json()) as { scenario: string }).scenario]).toEqual([200, variables['AUDIO_TASK_MOCK_SCENARIO']])
    expect((await fetch(`${fake.origin}/api/v1/account/usage`, { headers: apiKey })).status).toBe(200)
    // The log line the Python recipe waits for.
    expect(fake.output()).toContain(/wait_for_logs\(fake, "([^"]+)"\)/.exec(blockOf(PAGE, 'python', 'testcontainers').text)![1])
    expect((await fake.stop()).code).toBe(0)
  })

  it('docker run with --state on a volume: a task created before a stop is there after', { timeout: 10 * MINUTES }, async () => {
    const line = commandLines(blockOf(PAGE, 'sh', ':/data'))[0]!
    const volume = / -v (\S+):\/data /.exec(line)![1]!
    spawnSync('docker', ['volume', 'rm', volume], { env })
    removals.push(['docker', 'volume', 'rm', volume])
    let fake = await started(line)
    const created = await fetch(`${fake.origin}/api/v1/task`, {
      method: 'POST',
      headers: { ...apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'kept on the volume' } }),
    })
    expect(created.status).toBe(202)
    const id = ((await created.json()) as { data: { task_id: string } }).data.task_id
    expect((await fake.stop()).code).toBe(0)
    fake = await started(line)
    expect((await fetch(`${fake.origin}/api/v1/task/${id}`, { headers: apiKey })).status).toBe(200)
    expect((await fake.stop()).code).toBe(0)
  })

  it('Testcontainers for Node: the recipe, in a fresh project with the package its line installs', { timeout: 30 * MINUTES }, () => {
    const install = /Node \(`(npm install --save-dev testcontainers)`/.exec(readPage(PAGE))![1]!
    const recipe = blockOf(PAGE, 'ts', 'testcontainers').text
    const token = /AUDIO_TASK_MOCK_ADMIN_TOKEN: '([^']+)'/.exec(recipe)![1]!
    const scenario = /AUDIO_TASK_MOCK_SCENARIO: '([^']+)'/.exec(recipe)![1]!
    const tag = /\.build\('([^']+)'\)/.exec(recipe)![1]!
    removals.push(['docker', 'rmi', tag])
    const placeholder = '// ... your tests against baseUrl ...'
    expect(recipe).toContain(placeholder)
    expect(recipe).toContain("'path/to/audio-task-mock'")
    const project = mkdtempSync(join(tmpdir(), 'atm-testcontainers-'))
    try {
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'testcontainers-recipe', private: true, type: 'module' }))
      // Testcontainers 12 wants Node 22.22 or later: Node 24 from the npm registry (scripts/install-node.sh).
      const node24 = run(['bash', 'scripts/install-node.sh', '24']).trim().split('\n').at(-1)!
      const withNode24 = { ...env, PATH: `${node24}:${process.env['PATH']}` }
      run(install.split(' '), { cwd: project, env: withNode24 })
      const checks = [
        `const usage = await fetch(\`\${baseUrl}/api/v1/account/usage\`, { headers: { 'x-api-key': 'demo-key' } })`,
        `const health = await fetch(\`\${baseUrl}/__admin/health\`, { headers: { authorization: 'Bearer ${token}' } })`,
        `console.log(JSON.stringify({ usage: usage.status, scenario: (await health.json()).scenario }))`,
      ].join('\n')
      const code = recipe.replace("'path/to/audio-task-mock'", JSON.stringify(REPO)).replace(placeholder, checks)
      writeFileSync(join(project, 'recipe.mjs'), code)
      const output = run(['node', 'recipe.mjs'], { cwd: project, env: withNode24 })
      expect(output).toContain(JSON.stringify({ usage: 200, scenario }))
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })

  it('every docker line of the page is one of those', () => {
    const lines = blocksOf(PAGE, 'sh', 'docker', 2).flatMap((block) => commandLines(block))
    expect(lines.filter((line) => line.startsWith('docker ')).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'docker build',
      'docker run',
      'docker run',
    ])
  })
})
