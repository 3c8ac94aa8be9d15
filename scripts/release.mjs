// `npm run release`: every artifact of a release, into release/ (docs/install.md says how each is
// installed; docs/decisions/047 why these):
//   audio-task-mock-VERSION.tgz                     the npm package (npm pack; its prepare builds)
//   audio-task-mock-VERSION-linux-x64, -linux-arm64  standalone executables (scripts/build-exe.mjs)
//   audio_task_mock_pytest-VERSION-py3-none-manylinux_2_28_{x86_64,aarch64}.whl
//                                                   the pytest fixture with that platform's executable
//   audio-task-mock-VERSION-linux-x64.docker.tar.gz the container image (scripts/build-image.sh), as
//                                                   `podman save --format docker-archive`, gzipped
//                                                   (an OCI archive would drop its HEALTHCHECK: 048)
//   audio-task-mock-VERSION-NODE-LICENSE.txt        Node's license, which the executables embed
//   SHA256SUMS                                      `sha256sum -c SHA256SUMS` checks them all
// The same commit gives the same names. The wheels' zip entries carry the commit's time (or
// SOURCE_DATE_EPOCH), so a wheel is the same bytes when its executable is: the arm64 one is, the
// x64 one is not (V8's code cache differs from build to build).
// Options: --no-image skips the image; --out DIR. PODMAN names the podman command line, as for
// scripts/build-image.sh (e.g. with a --root of its own).
import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { createGzip } from 'node:zlib'
import { sha256File, sha256sums } from './release/checksums.mjs'
import { buildWheel } from './release/build-wheel.mjs'

process.env.TZ = 'UTC' // zip entries store local time: the same everywhere
const { values: options } = parseArgs({ options: { 'no-image': { type: 'boolean', default: false }, out: { type: 'string', default: 'release' } } })
const OUT = options.out
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'))
const stem = `${name}-${version}`
const started = Date.now()

/** Stops with one line saying what is missing and how to go on without it. */
function refuse(message) {
  console.error(`release: ${message}`)
  process.exit(1)
}

function step(title, command, args, env = {}, hint = '') {
  console.log(`== release: ${title}`)
  const ran = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (ran.status !== 0) refuse(`${title} failed (${command} ${args.join(' ')} exited with ${ran.status ?? ran.signal})${hint}`)
}

const onPath = (program) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, program)))

// The image's tools are checked first, so a machine without them stops before the long builds.
if (!options['no-image']) {
  if (!existsSync('scripts/build-image.sh')) refuse('the image needs scripts/build-image.sh, which this checkout lacks; --no-image skips the image')
  if (!onPath('podman')) refuse('the image needs podman, which is not on PATH; --no-image skips the image')
}

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

step('npm package', 'npm', ['pack', '--pack-destination', OUT, '--no-audit', '--no-fund'])

const executables = { x64: join(OUT, `${stem}-linux-x64`), arm64: join(OUT, `${stem}-linux-arm64`) }
for (const [arch, out] of Object.entries(executables))
  step(`executable linux-${arch}`, process.execPath, ['scripts/build-exe.mjs', '--arch', arch, '--out', out])
const nodeDir = join(execFileSync('bash', ['scripts/install-node.sh', process.env.NODE_MAJOR ?? '24'], { encoding: 'utf8' }).trim(), '..')
copyFileSync(join(nodeDir, 'LICENSE'), join(OUT, `${stem}-NODE-LICENSE.txt`))

const epoch = process.env.SOURCE_DATE_EPOCH ?? spawnSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' }).stdout?.trim()
const mtime = new Date(/^\d+$/.test(epoch ?? '') ? Number(epoch) * 1000 : Date.UTC(1980, 0, 1))
for (const [arch, executable] of Object.entries(executables)) {
  console.log(`== release: Python wheel linux-${arch}`)
  const licenses = { LICENSE: 'LICENSE', 'NODE-LICENSE': join(nodeDir, 'LICENSE') }
  console.log(buildWheel({ executable, arch, outDir: OUT, version, mtime, licenses }))
}

if (!options['no-image']) {
  const tag = `${name}:${version}` // podman's localhost/audio-task-mock:VERSION
  const skip = '; --no-image skips the image'
  step('container image', 'bash', ['scripts/build-image.sh', '--tag', tag], { CONTAINER_ENGINE: 'podman' }, skip)
  const archive = join(OUT, `${stem}-linux-x64.docker.tar`)
  const [podman, ...podmanArgs] = (process.env.PODMAN ?? 'podman').split(/\s+/)
  step('image archive', podman, [...podmanArgs, 'save', '--format', 'docker-archive', '-o', archive, tag], {}, skip)
  await pipeline(createReadStream(archive), createGzip({ level: 6 }), createWriteStream(`${archive}.gz`))
  rmSync(archive)
}

const files = readdirSync(OUT).sort()
const entries = await Promise.all(files.map(async (file) => ({ name: file, sha256: await sha256File(join(OUT, file)) })))
writeFileSync(join(OUT, 'SHA256SUMS'), sha256sums(entries))

const mb = (file) => `${(statSync(join(OUT, file)).size / 1e6).toFixed(1)} MB`.padStart(9)
console.log(`== release: ${OUT}/ in ${Math.round((Date.now() - started) / 1000)} s${options['no-image'] ? ' (no image: --no-image)' : ''}`)
for (const file of [...files, 'SHA256SUMS']) console.log(`${mb(file)}  ${file}`)
