/**
 * Importing the package does not load express: the main entry exports `createApp`, which
 * requires express when it is called (decision 034). Run in a child
 * process on the compiled build, so nothing this test runner imported counts.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

const MAIN = fileURLToPath(new URL('../../dist/index.js', import.meta.url))

const SCRIPT = `
import { createRequire } from 'node:module'
const main = await import(process.argv[1])
const loaded = () => [...new Set(Object.keys(createRequire(import.meta.url).cache)
  .map((path) => /node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(path)?.[1])
  .filter((name) => name === 'express' || name === '@mswjs/http-middleware'))].sort()
const steps = { imported: loaded() }
main.createMock().fetch('http://fake.test/api/v1/account/usage')
steps.fetched = loaded()
main.createApp(main.createMock())
steps.appCreated = loaded()
process.stdout.write(JSON.stringify(steps))
`

it('imports the main entry without express, which createApp loads when called', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT, MAIN])
  expect(JSON.parse(stdout)).toEqual({ imported: [], fetched: [], appCreated: ['express'] })
})
