// Starts what scripts/container-build.sh built (DEST) the way the Dockerfile's last stage would:
// its ENTRYPOINT with its ENV (the port a free one, the host loopback, as `docker run -e` would
// override them), as a user other than root when run as root (the image's USER), then runs its
// HEALTHCHECK command until healthy, then stops it with SIGTERM (what `docker stop` sends) and
// expects exit 0. Twice: without an admin token and with one.
//   node .ci/container-check.mjs /tmp/x/opt/audio-task-mock
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

const dest = process.argv[2]
if (!dest) throw new Error('usage: container-check.mjs DEST (the folder container-build.sh wrote)')
const IMAGE_DIR = '/opt/audio-task-mock'

const lines = readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ').split('\n')
const runtime = lines.slice(lines.findLastIndex((line) => /^FROM\s/i.test(line)))
const instruction = (name) => runtime.filter((line) => line.toUpperCase().startsWith(`${name} `)).map((line) => line.slice(name.length + 1).trim())
const env = Object.fromEntries(instruction('ENV').flatMap((text) => [...text.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])))
const local = (words) => words.map((word) => word.replace(IMAGE_DIR, dest))
const entrypoint = local(JSON.parse(instruction('ENTRYPOINT')[0]))
const healthcheck = local(JSON.parse(/CMD\s+(\[.*\])$/.exec(instruction('HEALTHCHECK')[0])[1]))
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
const node = (words) => (words[0] === 'node' ? [process.execPath, ...words.slice(1)] : words)

async function check(extra) {
  const settings = { ...process.env, HOME: '/tmp', ...env, AUDIO_TASK_MOCK_HOST: '127.0.0.1', AUDIO_TASK_MOCK_PORT: String(await freePort()), ...extra }
  const [program, ...args] = node(entrypoint)
  const fake = spawn(program, args, { env: settings, stdio: ['ignore', 'pipe', 'pipe'], ...asUser })
  let output = ''
  fake.stdout.on('data', (chunk) => (output += chunk))
  fake.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => fake.once('exit', (code, signal) => resolve(code ?? signal)))
  let healthy = false
  for (let attempt = 0; attempt < 100 && !healthy; attempt++) {
    const [hc, ...hcArgs] = node(healthcheck)
    healthy = spawnSync(hc, hcArgs, { env: settings, stdio: 'ignore', ...asUser }).status === 0
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  fake.kill('SIGTERM')
  const code = await exited
  const label = extra.AUDIO_TASK_MOCK_ADMIN_TOKEN ? 'with an admin token' : 'without an admin token'
  if (!healthy || code !== 0) throw new Error(`container check ${label}: healthy ${healthy}, exit ${code}:\n${output}`)
  console.log(`container check ${label}: healthy, stopped cleanly (${output.split('\n')[0]})`)
}

await check({})
await check({ AUDIO_TASK_MOCK_ADMIN_TOKEN: 'container-check-token', AUDIO_TASK_MOCK_SCENARIO: 'happy-path' })
