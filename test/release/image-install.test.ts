/**
 * docs/install.md's container image, run as a user runs it: downloaded from its URL (the release's
 * files served on 127.0.0.1 stand in for GitHub's), loaded into an empty image store and started
 * with a published port; the image kept its health check (decision 048). Stood in for: `podman` is
 * this machine's podman line (runc and cgroupfs, as crun fails on its hybrid cgroups, and explicit
 * ulimits) on a store of the test's own, and the published port is a free one under a name of the
 * test's own. Running the
 * image through the contract suite, with volumes and health checks, is .ci/container.sh's. Off
 * unless .ci/release.sh set the release's folder and the release has the image.
 */
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { asHere, releaseDir, removeScratch, scratch, serve, VERSION } from '../support/release-checks.js'

const PAGE = 'docs/install.md'
const ARCHIVE = `audio-task-mock-${VERSION}-linux-x64.docker.tar.gz`
const present = releaseDir !== '' && existsSync(join(releaseDir, ARCHIVE)) && existsSync('/usr/bin/podman')

describe.skipIf(!present)('the container image from a release (docs/install.md)', () => {
  const name = `atm-install-${process.pid}`
  let podman = ''
  let base = ''
  let close = async (): Promise<void> => undefined
  beforeAll(async () => {
    const store = scratch('atm-image-store-')
    podman = `podman --root ${store}/root --runroot ${store}/run --storage-driver vfs --runtime runc --cgroup-manager=cgroupfs`
    ;({ base, close } = await serve(releaseDir))
  })
  afterAll(async () => {
    await run('bash', ['-c', `${podman} rm -f ${name}; ${podman} rmi -a -f`], tmpdir(), 120_000)
    await close()
    removeScratch()
  }, 300_000)

  const here = (line: string): string =>
    asHere(line, { base })
      .replace(/\bpodman (load|run)\b/, `${podman} $1`)
      .replace(`${podman} run `, `${podman} run --ulimit nofile=20000:20000 --ulimit nproc=1000:1000 `)
      .replace('-p 127.0.0.1:4010:4010', '-p 127.0.0.1::4010')
      .replace('--name audio-task-mock', `--name ${name}`)

  it('downloads, loads with its health check, and serves on the published port', async () => {
    const dir = scratch('atm-image-user-')
    for (const line of commandLines(blockOf(PAGE, 'sh', ARCHIVE)).map(here)) {
      const result = await run('bash', ['-eo', 'pipefail', '-c', line], dir, 900_000)
      expect(result.code, `${line}\n${result.output}`).toBe(0)
    }
    const check = await run('bash', ['-c', `${podman} image inspect localhost/audio-task-mock:${VERSION} --format '{{json .Config.Healthcheck}}'`], dir, 60_000)
    expect((JSON.parse(check.stdout) as { Test?: string[] } | null)?.Test?.[0], check.output).toBe('CMD')
    const port = (await run('bash', ['-c', `${podman} port ${name} 4010`], dir, 60_000)).stdout.trim()
    expect(port).toMatch(/^127\.0\.0\.1:\d+$/)
    let status = 0
    for (const deadline = Date.now() + 120_000; status !== 200 && Date.now() < deadline;) {
      status = await fetch(`http://${port}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } }).then(
        (response) => response.status,
        () => 0,
      )
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500)) // the container is starting
    }
    expect(status).toBe(200)
  }, 1_200_000)
})
