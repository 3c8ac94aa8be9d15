// CI's checks of the container image (issue 36), run with podman on the image that
// scripts/build-image.sh built (.ci/container.sh): it starts as a user other than root; its
// HEALTHCHECK (`podman healthcheck run`) is healthy with the token and port given as variables
// and as flags; it passes the HTTP contract suite over a port published on 127.0.0.1
// (test/support/container-door.ts); a --state file in /data on a volume survives `podman stop` +
// `podman start`, and a new container on that volume; and prints the image's size.
//   node .ci/container-check.mjs TAG
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const tag = process.argv[2]
if (!tag) throw new Error('usage: container-check.mjs TAG (an image scripts/build-image.sh built)')
// The default limits cannot be set on these machines; runc needs them given.
const LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=1000:1000']
const TOKEN = 'container-check-token'
const names = []
const volumes = []

/** Runs podman as scripts/podman.sh does; throws with its output unless it exits 0 (or `allowed` says the code is fine). */
function podman(args, allowed = [0]) {
  const done = spawnSync('bash', ['scripts/podman.sh', ...args], { encoding: 'utf8', timeout: 5 * 60_000 })
  // Without systemd, podman says on every start that it cannot set the health check's timer.
  const stderr = done.stderr.replace(/^.*unable to get systemd connection.*\n/gm, '')
  if (!allowed.includes(done.status)) throw new Error(`podman ${args.join(' ')} exited ${done.status ?? done.signal}:\n${done.stdout}${stderr}`)
  return { code: done.status, stdout: done.stdout.trim(), stderr }
}

/** Starts a container of the image with its port published on a free port of 127.0.0.1; resolves with its origin once it answers. */
async function start(name, { env = {}, args = [], port = '4010', volume } = {}) {
  const e = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`])
  const v = volume ? ['-v', `${volume}:/data`] : []
  podman(['run', '-d', '--name', name, ...LIMITS, '-p', `127.0.0.1::${port}`, ...e, ...v, tag, ...args])
  names.push(name)
  const origin = `http://${podman(['port', name, port]).stdout}`
  await answering(name, origin)
  return origin
}

/** Waits until `origin` answers over HTTP (any status). */
async function answering(name, origin) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    if (
      await fetch(`${origin}/__admin/health`).then(
        () => true,
        () => false,
      )
    )
      return
  }
  throw new Error(`${name} did not answer on ${origin} within 60 s:\n${podman(['logs', name]).stderr}`)
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `podman healthcheck run` until healthy (its start period allows 10 s; the machine may be busy). */
async function healthy(name) {
  let last = null
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(500)) {
    last = podman(['healthcheck', 'run', name], [0, 1, 125])
    if (last.code === 0) return
  }
  throw new Error(`${name}: podman healthcheck run never said healthy: ${last.stdout} ${last.stderr}`)
}

async function adminHealth(origin, token) {
  const response = await fetch(`${origin}/__admin/health`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return response.status
}

function expect(what, actual, expected) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
  console.log(`container check: ${what}: ${JSON.stringify(actual)}`)
}

async function checkUserAndHealth() {
  const configured = podman(['image', 'inspect', '--format', '{{.Config.User}}', tag]).stdout
  const variables = await start(`atm-ci-variables-${process.pid}`, { env: { AUDIO_TASK_MOCK_ADMIN_TOKEN: TOKEN, AUDIO_TASK_MOCK_PORT: '4020' }, port: '4020' })
  const uid = podman(['exec', names.at(-1), 'stat', '-c', '%u', '/proc/1']).stdout
  if (configured === '' || /^(root|0)(:|$)/.test(configured) || uid === '0') throw new Error(`the image runs as root (USER "${configured}", uid ${uid})`)
  console.log(`container check: runs as ${configured} (uid ${uid})`)
  await healthy(names.at(-1))
  expect('health, token and port as variables: admin without / with the token', [await adminHealth(variables), await adminHealth(variables, TOKEN)], [401, 200])
  const flags = await start(`atm-ci-flags-${process.pid}`, { args: ['--admin-token', TOKEN, '--port', '4030'], port: '4030' })
  await healthy(names.at(-1))
  expect('health, token and port as flags: admin without / with the token', [await adminHealth(flags), await adminHealth(flags, TOKEN)], [401, 200])
}

async function checkContract() {
  const origin = await start(`atm-ci-contract-${process.pid}`, { env: { AUDIO_TASK_MOCK_ADMIN_TOKEN: TOKEN } })
  // One container for the run: the suite's files take turns (--no-file-parallelism), each loading its scenarios.
  const args = ['vitest', 'run', 'test/contract/', '--no-file-parallelism', '-t', 'container image']
  const env = { ...process.env, AUDIO_TASK_MOCK_CONTAINER_URL: origin, AUDIO_TASK_MOCK_CONTAINER_TOKEN: TOKEN }
  const code = await new Promise((resolve) => spawn('npx', args, { stdio: 'inherit', env }).once('exit', resolve))
  if (code !== 0) throw new Error(`the contract suite failed against the container (exit ${code})`)
  console.log('container check: the HTTP contract suite passed over the published port')
}

async function checkState() {
  const volume = `atm-ci-data-${process.pid}`
  podman(['volume', 'create', volume])
  volumes.push(volume)
  const options = { env: { AUDIO_TASK_MOCK_STATE: 'world.db', AUDIO_TASK_MOCK_ADMIN_TOKEN: TOKEN }, volume }
  const first = `atm-ci-state-${process.pid}`
  let origin = await start(first, options)
  const created = await fetch(`${origin}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'kept' } }),
  })
  const id = (await created.json()).data?.task_id
  expect('a task created with --state in /data', [created.status, typeof id], [202, 'string'])
  const read = async () => (await fetch(`${origin}/api/v1/task/${id}`, { headers: { 'x-api-key': 'demo-key' } })).status
  podman(['stop', first])
  expect('podman stop: the fake exits', podman(['inspect', '--format', '{{.State.ExitCode}}', first]).stdout, '0')
  podman(['start', first])
  origin = `http://${podman(['port', first, '4010']).stdout}`
  await answering(first, origin)
  expect('after podman stop + start, the task', await read(), 200)
  podman(['rm', '-f', first])
  origin = await start(`atm-ci-state-again-${process.pid}`, options)
  expect('in a new container on the same volume, the task', await read(), 200)
}

function reportSize() {
  const size = (image) => Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]).stdout)
  const mb = (bytes) => (bytes / 1e6).toFixed(0)
  const image = size(tag)
  // The Dockerfile's base, under the full name scripts/container-base.sh gives it.
  const from = size(`docker.io/library/${/^FROM (\S+)/m.exec(readFileSync('Dockerfile', 'utf8'))[1]}`)
  console.log(`container check: image ${tag}: ${mb(image)} MB (base ${mb(from)} MB + ${mb(image - from)} MB)`)
}

try {
  await checkUserAndHealth()
  await checkState()
  await checkContract()
  reportSize()
} finally {
  for (const name of names) podman(['rm', '-f', '-t', '2', name], [0, 1, 125])
  for (const volume of volumes) podman(['volume', 'rm', '-f', volume], [0, 1, 125])
}
