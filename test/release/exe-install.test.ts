/**
 * docs/install.md's executable, run as a user runs it with no Node on PATH: downloaded with the
 * checksums from its URL (the release's files served on 127.0.0.1 stand in for GitHub's),
 * checked, made executable, and serving a request under `run`. The linux-arm64 one cannot run
 * here natively: when Debian's qemu-user and arm64 libraries are installed (.ci/release.sh installs
 * them) it runs under emulation, else it is only read (scripts/build-exe.mjs checks its ELF
 * header, blob and fuse). Off unless .ci/release.sh set the release's folder.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { asHere, pathWithout, releaseDir, removeScratch, scratch, serve, VERSION } from '../support/release-checks.js'

const PAGE = 'docs/install.md'
const QEMU = '/usr/bin/qemu-aarch64'
const ARM64_LIBS = '/usr/aarch64-linux-gnu'

describe.skipIf(releaseDir === '')('the standalone executable from a release (docs/install.md)', () => {
  let base = ''
  let close = async (): Promise<void> => undefined
  beforeAll(async () => ({ base, close } = await serve(releaseDir)))
  afterAll(async () => {
    await close()
    removeScratch()
  }, 300_000)

  it('downloads, checks and runs with no Node on PATH', async () => {
    const dir = scratch('atm-exe-user-')
    const env = { PATH: pathWithout(['bash', 'sh', 'curl', 'sha256sum', 'chmod']), HOME: dir }
    let last = ''
    for (const line of commandLines(blockOf(PAGE, 'sh', 'sha256sum --check')).map((line) => asHere(line, { base }))) {
      const result = await run('bash', ['-eo', 'pipefail', '-c', line], dir, 120_000, env)
      expect(result.code, `${line}\n${result.output}`).toBe(0)
      last = result.stdout
    }
    expect(JSON.parse(last)).toMatchObject({ code: 200 })
  }, 300_000)

  it.skipIf(!existsSync(QEMU) || !existsSync(ARM64_LIBS))(
    'the linux-arm64 one serves under qemu-user',
    async () => {
      const dir = scratch('atm-arm64-')
      const exe = join(releaseDir, `audio-task-mock-${VERSION}-linux-arm64`)
      const curl = `curl -s -H "x-api-key: demo-key" "$AUDIO_TASK_MOCK_URL/api/v1/account/usage"`
      const env = { PATH: pathWithout(['sh', 'curl']), HOME: dir }
      const result = await run(QEMU, ['-L', ARM64_LIBS, exe, 'run', '--', 'sh', '-c', curl], dir, 300_000, env)
      expect(result.code, result.output).toBe(0)
      expect(JSON.parse(result.stdout)).toMatchObject({ code: 200 })
    },
    600_000,
  )
})
