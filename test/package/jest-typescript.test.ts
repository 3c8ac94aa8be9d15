// Jest 30 with TypeScript test files in a consumer project (issue 37), as docs/test-setups.md
// shows: @swc/jest strips the types (it has no TypeScript peer, so it installs beside TypeScript 5
// and 7 alike), Jest runs the files as ESM, and `tsc` (the cell's) type-checks them strictly.
// In the cell with TypeScript 7, ts-jest cannot be installed at all (its peer range ends before 7),
// which is why the guide does not use it. The project's files are
// test/package/consumer/jest-typescript/ (and its msw-2/ or msw-3/).
import { beforeAll, expect, inject, it } from 'vitest'
import { cellFrom } from './cells.js'
import { prepareConsumer, type ConsumerProject } from './consumer-project.js'

/** The guide's install line (beside the project's own TypeScript and @types/node, the cell's). */
const INSTALL = 'npm install --save-dev jest@30 @swc/jest @swc/core'

/** `name@range` (or a bare name: its latest) of an npm install line, as devDependencies. */
function installed(line: string): Record<string, string> {
  const specs = line.split(' ').slice(3)
  return Object.fromEntries(
    specs.map((spec) => (spec.lastIndexOf('@') > 0 ? [spec.slice(0, spec.lastIndexOf('@')), spec.slice(spec.lastIndexOf('@') + 1)] : [spec, 'latest'])),
  )
}

let consumer: ConsumerProject
beforeAll(async () => {
  consumer = await prepareConsumer({ packed: inject('packed'), fixture: 'jest-typescript', devDependencies: installed(INSTALL) })
}, 600_000)

it('installs what the guide names', () => {
  expect(installed(INSTALL)).toEqual({ jest: '30', '@swc/jest': 'latest', '@swc/core': 'latest' })
})

it('passes its TypeScript suites (in-process with msw, over HTTP): npm test', async () => {
  const result = await consumer.run('npm', ['test', '--', '--ci'], { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
  expect(result.output).toMatch(/Test Suites: 2 passed, 2 total\nTests: +2 passed, 2 total/)
}, 180_000)

it("type-checks them under strict TypeScript, the cell's tsc: npm run typecheck", async () => {
  const result = await consumer.run('npm', ['run', 'typecheck'], { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
}, 180_000)

/** The cell's TypeScript is 7 (the `latest` cell); the `lowest` cell's 5.9 takes ts-jest. */
const typescript7 = cellFrom(process.env['AUDIO_TASK_MOCK_CELL'], () => '').devDependencies['typescript']?.startsWith('^7') === true

it.runIf(typescript7)(
  'cannot install ts-jest beside TypeScript 7 (ERESOLVE)',
  async () => {
    const result = await consumer.run('npm', ['install', '--dry-run', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', 'ts-jest@^29'], {
      timeoutMs: 120_000,
    })
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/ERESOLVE[\s\S]*peer typescript@"[^"]*<7" from ts-jest/)
  },
  120_000,
)
