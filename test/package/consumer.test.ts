// The package as a user gets it (issues 13 and 26): packed from a clean checkout, installed into a
// fresh project with the tools of the matrix cell (cells.ts, AUDIO_TASK_MOCK_CELL), compiled under
// strict TypeScript (NodeNext and Bundler, no skipLibCheck), run with vitest in-process (the
// consumer's msw), over HTTP, mounted in express 5 under a prefix, and through a typed client
// generated from the fake's /openapi.json. Slow (an npm install): about a minute with a warm npm
// cache. The consumer's files are test/package/consumer/ (and its msw-2/ or msw-3/).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { docExamples, forMsw } from '../support/doc-examples.js'
import { portClosed } from '../support/process-checks.js'
import { prepareConsumer, type ConsumerProject, type RunResult } from './consumer-project.js'

let consumer: ConsumerProject
const examples = docExamples()
beforeAll(async () => {
  consumer = await prepareConsumer({ packed: inject('packed') })
  // Every README and guide example beside the consumer's own files: the strict compiles below take them too.
  for (const example of examples.compiled) writeFileSync(join(consumer.dir, example.file), forMsw(example.code, consumer.cell.mswMajor))
}, 600_000)

function expectOk(result: RunResult): void {
  expect(result.code, result.output).toBe(0)
}

describe('the packed package', () => {
  it('has the code, a LICENSE, the scenarios and the documents', () => {
    expect(consumer.files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/bin/audio-task-mock.js',
        'scenarios/default.yaml',
        'openapi/openapi.json',
        'schema/scenario.schema.json',
      ]),
    )
  })

  it('is lean: no source maps without sources, no V8 code cache, no unused dist/cli, no bundled copy of a dependency but zod in the CLI', () => {
    expect(consumer.files.filter((file) => file.endsWith('.map'))).toEqual([])
    expect(consumer.files.filter((file) => file.includes('code-cache/') || file.endsWith('.bin'))).toEqual([])
    expect(consumer.files.filter((file) => file.startsWith('dist/cli/'))).toEqual([])
    const installed = join(consumer.dir, 'node_modules', 'audio-task-mock')
    // The CLI build heads every module it bundles from node_modules with `//! bundled: node_modules/…`.
    const chunks = consumer.files.filter((file) => file.startsWith('dist/bin/')).map((file) => readFileSync(join(installed, file), 'utf8'))
    const bundledPackages = new Set(
      chunks.flatMap((code) => [...code.matchAll(/^\/\/! bundled: node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((found) => found[1])),
    )
    // zod alone, for the CLI's start-up (decision 035), with its licence in the chunk that holds it.
    expect([...bundledPackages]).toEqual(['zod'])
    for (const code of chunks.filter((text) => text.includes('//! bundled: node_modules/zod/')))
      expect(code).toMatch(/^\/\*! Parts of zod .*\nCopyright \(c\) \d+ Colin McDonnell/s)
    // Only what a user runs or reads: compiled modules and their types, the inspector page, the
    // scenarios, the two documents; and the whole tarball well under the 2.5 MB it once was.
    const expected =
      /^(dist\/.+\.(js|d\.ts|html|css|json)|scenarios\/[\w.-]+\.(yaml|md)|schema\/scenario\.schema\.json|openapi\/openapi\.json|LICENSE|README\.md|package\.json)$/
    expect(consumer.files.filter((file) => !expected.test(file))).toEqual([])
    expect(statSync(consumer.tarball).size).toBeLessThan(1024 * 1024)
  })

  it('holds every module its library entries import (nothing left out by `files`)', () => {
    const shipped = new Set(consumer.files)
    const missing: string[] = []
    for (const file of consumer.files.filter((name) => name.endsWith('.js') && !name.startsWith('dist/bin/'))) {
      const code = readFileSync(join(consumer.dir, 'node_modules', 'audio-task-mock', file), 'utf8')
      for (const [, specifier] of code.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)) {
        const target = posix.join(posix.dirname(file), specifier!)
        if (!shipped.has(target)) missing.push(`${file} → ${specifier}`)
      }
    }
    expect(missing).toEqual([])
  })

  it("installs beside the consumer's own msw (a peer), never a nested copy", () => {
    expect(existsSync(join(consumer.dir, 'node_modules', 'audio-task-mock', 'node_modules', 'msw'))).toBe(false)
    const msw = JSON.parse(readFileSync(join(consumer.dir, 'node_modules', 'msw', 'package.json'), 'utf8')) as { version: string }
    if (consumer.cell.name === 'lowest') expect(msw.version).toBe(consumer.msw)
    expect(Number(msw.version.split('.')[0])).toBe(consumer.cell.mswMajor)
  })

  it('has types that need no @types/express (a user of startServer or msw need not install it)', () => {
    const types = consumer.files.filter((file) => file.endsWith('.d.ts'))
    const installed = join(consumer.dir, 'node_modules', 'audio-task-mock')
    const importing = types.filter((file) => /from ['"]express['"]|import\(['"]express['"]\)/.test(readFileSync(join(installed, file), 'utf8')))
    expect(importing).toEqual([])
  })
})

describe('in a consumer project', () => {
  it('runs on the Node of its cell', async () => {
    const result = await consumer.run('node', ['--version'])
    const exact = consumer.cell.node.includes('.')
    expect(result.stdout.trim(), `cell ${consumer.cell.name}`).toMatch(new RegExp(exact ? `^v${consumer.cell.node}$` : `^v${consumer.cell.node}\\.`))
  })

  it('runs the bin: npx audio-task-mock --version', async () => {
    const result = await consumer.run('npx', ['--no-install', 'audio-task-mock', '--version'])
    expectOk(result)
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
  }, 60_000)

  it('wraps a command: npx audio-task-mock run -- CMD gives it the URL, passes its exit code on and leaves no server', async () => {
    // The command reads usage through the fake, prints the port, and exits 7: run must exit 7 too.
    const command = [
      'const url = process.env.AUDIO_TASK_MOCK_URL;',
      "const r = await fetch(url + '/api/v1/account/usage', { headers: { 'x-api-key': 'demo-key' } });",
      'const body = await r.json();',
      "console.log('PORT=' + new URL(url).port + ' STATUS=' + r.status + ' TOPPED=' + body.data.credits_topped_up);",
      'process.exit(7)',
    ].join(' ')
    const result = await consumer.run('npx', ['--no-install', 'audio-task-mock', 'run', '--', 'node', '--input-type=module', '-e', command])
    expect(result.code, result.output).toBe(7)
    const seen = /PORT=(\d+) STATUS=200 TOPPED=1000/.exec(result.stdout)
    expect(seen, result.output).not.toBeNull()
    // Nothing listens there any more: the fake stopped with the command.
    const after = await fetch(`http://127.0.0.1:${seen![1]}/__admin/health`).then(
      () => 'answered',
      () => 'refused',
    )
    expect(after).toBe('refused')
  }, 60_000)

  it('serves a client in any language: run -- sh -c with curl, as docs/getting-started.md shows', async () => {
    const result = await consumer.run('sh', ['-c', ANY_LANGUAGE])
    expectOk(result)
    expect(result.stdout).toMatch(/"credits_topped_up":1000/)
  }, 60_000)

  it("stops with npx: SIGTERM to `npx audio-task-mock` (a CI job's kill $!) leaves no server behind", async () => {
    const npx = spawn('npx', ['--no-install', 'audio-task-mock', '--port', '0'], { cwd: consumer.dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer): void => {
          output += chunk.toString()
          const ready = /listening on (http:\/\/\S+)/.exec(output)
          if (ready) resolve(ready[1]!)
        }
        npx.stdout.on('data', onData)
        npx.stderr.on('data', onData)
        npx.once('exit', () => reject(new Error(`npx exited before the server was ready:\n${output}`)))
      })
      const exited = new Promise((resolve) => npx.once('exit', resolve))
      npx.kill('SIGTERM')
      await exited
      expect(await portClosed(url, 5_000), `${url} still answers after npx exited:\n${output}`).toBe(true)
    } finally {
      try {
        process.kill(-npx.pid!, 'SIGKILL') // whatever happened, nothing of this test outlives it
      } catch {
        // the group is gone already
      }
    }
  }, 60_000)

  it('generates a typed client from the /openapi.json the fake serves', async () => {
    const env = { OPENAPI_TYPESCRIPT: JSON.stringify(consumer.cell.openapiTypescript) }
    const server = await consumer.run('node', ['--input-type=module', '-e', GENERATE_CLIENT], { timeoutMs: 120_000, env })
    expectOk(server)
    expect(readFileSync(join(consumer.dir, 'api.d.ts'), 'utf8')).toContain('"/api/v1/task/{taskId}"')
  }, 120_000)

  it('has the README and guide examples to compile (test/support/doc-examples.ts)', () => {
    expect(examples.compiled.map((example) => example.where)).toEqual(expect.arrayContaining([expect.stringMatching(/^README\.md:/)]))
    for (const example of examples.compiled) expect(existsSync(join(consumer.dir, example.file)), example.where).toBe(true)
  })

  it.each(['nodenext', 'bundler'])(
    'compiles under strict TypeScript, %s resolution, without skipLibCheck (the README and guide examples too)',
    async (resolution) => {
      expectOk(await consumer.run('npx', ['--no-install', 'tsc', '-p', `tsconfig.${resolution}.json`], { timeoutMs: 180_000 }))
    },
    180_000,
  )

  it('runs its tests with vitest: in-process with its msw, over HTTP, in express, audio-task-mock/vitest, the typed client', async () => {
    const result = await consumer.run('npx', ['--no-install', 'vitest', 'run'], { timeoutMs: 180_000 })
    expectOk(result)
    expect(result.output.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Test Files\s+8 passed \(8\)\n\s+Tests\s+14 passed \(14\)/)
  }, 180_000)
})

/** A shell line of docs/getting-started.md ("HTTP from any language"), run as it is written. */
const ANY_LANGUAGE = `npx audio-task-mock run -- sh -c 'curl -s -H "x-api-key: demo-key" "$AUDIO_TASK_MOCK_URL/api/v1/account/usage"'`

/**
 * Run in the consumer project: starts the installed package's server, has openapi-typescript
 * write api.d.ts from its /openapi.json, stops the server.
 */
const GENERATE_CLIENT = `
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { startServer } from 'audio-task-mock'
const server = await startServer({ port: 0 })
try {
  // Asynchronously: the server answers in this same process.
  // openapi-typescript as the cell runs it: installed, or through npm exec beside TypeScript 7.
  const command = JSON.parse(process.env.OPENAPI_TYPESCRIPT)
  const { stdout, stderr } = await promisify(execFile)('npx', [...command, server.url + '/openapi.json', '-o', 'api.d.ts'])
  process.stdout.write(stdout + stderr)
} finally {
  await server.close()
}
`
