/**
 * The release workflow (.github/workflows/release.yml) run here as a runner would run it, up to
 * `npm publish --dry-run`: its `run:` lines in order under bash, in a fresh clone at the version's
 * tag (.ci/release.sh makes it: the `actions/checkout` step), with the runner's variables
 * (GITHUB_REF_NAME, GITHUB_REPOSITORY, …) and the Node major `actions/setup-node` names
 * (scripts/install-node.sh). Stood in for, because nothing here reaches GitHub or an image
 * registry: `sudo` runs the command (CI here is root already), `gh` records what it was asked and
 * checks the files exist, `podman pull` of the base is left to scripts/build-image.sh (which makes
 * it from Debian's mirror), and `npm publish` gets `--dry-run`. With AUDIO_TASK_MOCK_RELEASE_NO_IMAGE=1
 * (`bash .ci/release.sh --no-image`, a machine without podman) the image is left out. Its
 * artifacts stay in the clone's release/ for the install checks that .ci/release.sh runs next.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { REPO } from '../support/doc-blocks.js'
import { removeScratch, scratch, TAG, VERSION } from '../support/release-checks.js'

type Step = { uses?: string; run?: string; with?: Record<string, unknown> }
const WORKFLOW = parse(readFileSync(join(REPO, '.github/workflows/release.yml'), 'utf8')) as { jobs: { release: { steps: Step[] } } }
const STEPS = WORKFLOW.jobs.release.steps
const checkout = process.env['AUDIO_TASK_MOCK_RELEASE_CHECKOUT'] ?? ''
const noImage = process.env['AUDIO_TASK_MOCK_RELEASE_NO_IMAGE'] === '1'

/** Programs that stand in for the runner's: `sudo` (root here) and `gh` (records its arguments). */
function standIns(): { bin: string; ghCalls: string } {
  const bin = scratch('atm-runner-bin-')
  const ghCalls = join(bin, 'gh-calls.json')
  writeFileSync(join(bin, 'sudo'), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 })
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/sh\nfor arg in "$@"; do case "$arg" in release/*) [ -f "$arg" ] || { echo "gh stand-in: no file $arg" >&2; exit 1; } ;; esac; done\nnode -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)))' ${JSON.stringify(ghCalls)} "$@"\n`,
    { mode: 0o755 },
  )
  return { bin, ghCalls }
}

/** A `run:` line as run here (see the header), or null when it is left out. */
function asHere(line: string): string | null {
  if (line.startsWith('sudo podman pull ')) return null // scripts/build-image.sh makes the base
  if (line.startsWith('npm publish ')) return `${line} --dry-run`
  if (noImage && line.includes('npm run release')) return `${line} -- --no-image`
  return line
}

describe.skipIf(checkout === '')('the release workflow, its run: lines in order', () => {
  afterAll(removeScratch, 300_000)
  it('builds every artifact, checks them, attaches them and publishes (dry run)', async () => {
    const setupNode = STEPS.find((step) => step.uses?.startsWith('actions/setup-node@'))!
    const major = String(setupNode.with!['node-version'])
    const node = await run('bash', [join(REPO, 'scripts/install-node.sh'), major], REPO, 300_000)
    expect(node.code, node.output).toBe(0)
    const { bin, ghCalls } = standIns()
    const env = {
      PATH: `${bin}:${node.stdout.trim()}:${process.env['PATH']}`,
      GITHUB_REF_NAME: TAG,
      GITHUB_REF: `refs/tags/${TAG}`,
      GITHUB_REPOSITORY: 'OWNER/audio-task-mock',
      GITHUB_WORKSPACE: checkout,
      RUNNER_TEMP: scratch('atm-runner-temp-'),
    }
    const ran: string[] = []
    let published = ''
    for (const step of STEPS.filter((step) => step.run !== undefined)) {
      const line = asHere(step.run!)
      if (line === null) continue
      const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', line], checkout, 3_600_000, env)
      expect(result.code, `${line}\n${result.output}`).toBe(0)
      ran.push(line)
      if (line.startsWith('npm publish')) published = result.output
    }
    expect(ran.at(-1)).toMatch(/^npm publish .* --dry-run$/)
    expect(published).toContain(`+ audio-task-mock@${VERSION}`)

    const files = readdirSync(join(checkout, 'release')).sort()
    const expected = [
      `audio-task-mock-${VERSION}-NODE-LICENSE.txt`,
      `audio-task-mock-${VERSION}-linux-arm64`,
      `audio-task-mock-${VERSION}-linux-x64`,
      ...(noImage ? [] : [`audio-task-mock-${VERSION}-linux-x64.docker.tar.gz`]),
      `audio-task-mock-${VERSION}.tgz`,
      `audio_task_mock_pytest-${VERSION}-py3-none-manylinux_2_28_aarch64.whl`,
      `audio_task_mock_pytest-${VERSION}-py3-none-manylinux_2_28_x86_64.whl`,
      'SHA256SUMS',
    ].sort()
    expect(files).toEqual(expected)
    const gh = JSON.parse(readFileSync(ghCalls, 'utf8')) as string[]
    expect(gh.slice(0, 4)).toEqual(['release', 'create', TAG, '--verify-tag'])
    expect(gh.filter((arg) => arg.startsWith('release/')).sort()).toEqual(files.map((file) => `release/${file}`))

    const packed = await run('tar', ['-xzOf', `release/audio-task-mock-${VERSION}.tgz`, 'package/package.json'], checkout, 60_000)
    expect((JSON.parse(packed.stdout) as { repository: unknown }).repository).toEqual({ type: 'git', url: 'git+https://github.com/OWNER/audio-task-mock.git' })
  }, 3_600_000)
})
