// openapi-typescript beside the project's TypeScript (issue 37), as docs/test-setups.md shows.
// openapi-typescript 7 needs TypeScript 5's JavaScript API (its peer range is ^5); TypeScript 7
// has none. So beside TypeScript 7 it cannot be installed (npm answers ERESOLVE), and forced in
// with --legacy-peer-deps it fails as it starts; run with `npx --yes openapi-typescript@7` it
// lives in npm's own cache with its own TypeScript 5, apart from the project's, and works. The
// types it writes compile under the project's strict tsc, 5.9 or 7.
// The project's files are test/package/consumer/openapi-typescript/.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, inject, it } from 'vitest'
import { cellFrom } from './cells.js'
import { prepareConsumer, type ConsumerProject } from './consumer-project.js'

/** The guide's two lines: from the document a running fake serves, and from the one the package ships. */
const FROM_SERVED = `npx audio-task-mock run -- sh -c 'npx --yes openapi-typescript@7 "$AUDIO_TASK_MOCK_URL/openapi.json" -o api.d.ts'`
const FROM_FILE = 'npx --yes openapi-typescript@7 node_modules/audio-task-mock/openapi/openapi.json -o api.d.ts'

/** The cell's TypeScript is 7 (the `latest` cell). */
const typescript7 = cellFrom(process.env['AUDIO_TASK_MOCK_CELL'], () => '').devDependencies['typescript']?.startsWith('^7') === true

let consumer: ConsumerProject
beforeAll(async () => {
  consumer = await prepareConsumer({ packed: inject('packed'), fixture: 'openapi-typescript' })
}, 600_000)

it.each([
  ['the document the fake serves', FROM_SERVED],
  ['the document the package ships', FROM_FILE],
])(
  'generates api.d.ts from %s, and a client typed by it compiles under strict tsc',
  async (_from, line) => {
    rmSync(join(consumer.dir, 'api.d.ts'), { force: true })
    const generated = await consumer.run('sh', ['-c', line], { timeoutMs: 180_000 })
    expect(generated.code, generated.output).toBe(0)
    expect(existsSync(join(consumer.dir, 'api.d.ts'))).toBe(true)
    const compiled = await consumer.run('npm', ['run', 'typecheck'], { timeoutMs: 180_000 })
    expect(compiled.code, compiled.output).toBe(0)
  },
  360_000,
)

it.runIf(typescript7)(
  'cannot be installed beside TypeScript 7: ERESOLVE, its peer is TypeScript 5',
  async () => {
    const install = ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', 'openapi-typescript@^7.13.0']
    const result = await consumer.run('npm', [...install, '--dry-run'], { timeoutMs: 120_000 })
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/ERESOLVE[\s\S]*peer typescript@"\^5[^"]*" from openapi-typescript/)
  },
  120_000,
)

it.runIf(typescript7)(
  'forced in beside TypeScript 7 (--legacy-peer-deps), it fails as it starts',
  async () => {
    const install = ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', '--legacy-peer-deps', 'openapi-typescript@^7.13.0']
    const installed = await consumer.run('npm', install, { timeoutMs: 300_000 })
    expect(installed.code, installed.output).toBe(0)
    const result = await consumer.run('npx', ['--no-install', 'openapi-typescript', 'node_modules/audio-task-mock/openapi/openapi.json', '-o', 'forced.d.ts'])
    expect(result.code).not.toBe(0)
    expect(result.output).toMatch(/TypeError: Cannot read properties of undefined/)
  },
  300_000,
)
