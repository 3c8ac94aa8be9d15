/**
 * Which vitest project runs each test file (vitest.config.ts builds the projects from this table;
 * test/repo/projects.test.ts fails on a test file that lands in none).
 *
 * - `unit`: starts nothing (no server, no process, no browser, no socket) and needs no `dist/`.
 *   Its setup file (test/support/unit-guard-setup.ts) makes spawning and listening throw.
 * - `doors`: starts the fake's doors in this process (msw setupServer, startServer, createApp).
 * - `cli`: spawns processes (the CLI, npm, esbuild) or imports the built package from `dist/`.
 * - `browser`: drives Chromium.
 *
 * A file takes the kind of its folder (the longest folder that holds it) unless FILES names it.
 * A new file in a listed folder lands there by itself; a file in an unlisted folder is an error.
 */
export type Kind = 'unit' | 'doors' | 'cli' | 'browser'

export const KINDS: readonly Kind[] = ['unit', 'doors', 'cli', 'browser']

/** Every test file vitest looks at (test/package/ has its own config and step: `npm run test:package`). */
export const TEST_GLOBS = ['test/**/*.test.ts', 'examples/**/*.test.ts']
export const OWN_STEP = 'test/package/'

export const FOLDERS: Readonly<Record<string, Kind>> = {
  'test/action/': 'cli',
  'test/admin/': 'doors',
  'test/api/': 'unit',
  'test/bench/': 'unit',
  'test/browser/': 'browser',
  'test/cli/': 'cli',
  'test/container/': 'unit',
  'test/contract/': 'doors',
  'test/dispatch/': 'unit',
  // The docs' sample outputs, made in-process (mock.fetch).
  'test/docs/': 'unit',
  'test/domain/': 'unit',
  'test/inspector/': 'browser',
  'test/media/': 'unit',
  'test/mock/': 'doors',
  'test/openapi/': 'unit',
  'test/record/': 'unit',
  'test/reliability/': 'doors',
  // The release's pure parts (wheel, SHA256SUMS, binaries); its install checks are named in FILES.
  'test/release/': 'unit',
  // Checks of the repository itself (projects, Markdown links).
  'test/repo/': 'unit',
  'test/scenario/': 'unit',
  'test/scenarios/': 'doors',
  'test/server/': 'doors',
  'test/state/': 'unit',
  'test/verify/': 'doors',
  'test/vitest/': 'doors',
  'test/worlds/': 'unit',
  // The examples import the package by its name, which resolves to dist/.
  'examples/': 'cli',
}

/** Files whose kind differs from their folder's (and the files at test/'s top). */
export const FILES: Readonly<Record<string, Kind>> = {
  'test/admin/admin-token-shape.test.ts': 'unit',
  'test/admin/key-labels.test.ts': 'unit',
  'test/action/command.test.ts': 'unit',
  'test/admin/report-rate-limit.test.ts': 'unit',
  'test/admin/report-scale.test.ts': 'unit',
  'test/admin/share-exports.test.ts': 'unit',
  'test/bench/client-suite.test.ts': 'doors',
  'test/browser/bundle.test.ts': 'cli', // bundles dist/ with esbuild (a child process)
  'test/cli/record-args.test.ts': 'unit',
  'test/contract/contract.test.ts': 'browser', // every door, the browser door included
  'test/contract/faults.test.ts': 'browser',
  'test/contract/finish.test.ts': 'browser',
  'test/contract/rate-limit.test.ts': 'browser',
  'test/inspector/inspector-access.test.ts': 'cli',
  'test/inspector/page-helpers.test.ts': 'unit',
  'test/inspector/share-helpers.test.ts': 'cli', // its shell-quoting check runs sh
  'test/inspector/world-param.test.ts': 'unit',
  'test/media/assets.test.ts': 'doors',
  'test/media/media-limits.test.ts': 'doors',
  'test/mock/browser-default.test.ts': 'unit',
  'test/openapi/check-responses.test.ts': 'cli',
  'test/openapi/served.test.ts': 'doors',
  'test/record/export-replay.test.ts': 'doors',
  'test/record/record-replay.test.ts': 'doors',
  'test/record/scrub-escaped.test.ts': 'doors',
  'test/record/record-replay-causes.test.ts': 'doors',
  'test/record/inferred-rule.test.ts': 'doors',
  'test/record/record-world.test.ts': 'doors',
  'test/record/record-timing.test.ts': 'doors',
  'test/release/action-from-tag.test.ts': 'cli', // the install checks of .ci/release.sh
  'test/release/exe-install.test.ts': 'cli',
  'test/release/image-install.test.ts': 'cli',
  'test/release/npm-install.test.ts': 'cli',
  'test/release/python-install.test.ts': 'cli',
  'test/release/workflow.test.ts': 'cli',
  'test/reliability/admin-cross-site-browser.test.ts': 'browser',
  'test/reliability/admin-exposure.test.ts': 'cli',
  'test/reliability/isolation.property.test.ts': 'unit',
  'test/server/lazy-load.test.ts': 'cli',
  'test/server/main-entry-imports.test.ts': 'cli',
  'test/server/worlds-nginx.test.ts': 'cli', // spawns nginx in front of two servers
  'test/vitest/global-setup.test.ts': 'cli',
  'test/readme.test.ts': 'unit',
  'test/readme-control.test.ts': 'unit',
  'test/readme-scenarios.test.ts': 'doors',
  'test/readme-admin-curl.test.ts': 'cli',
  'test/readme-control-example.test.ts': 'cli',
  'test/readme-example.test.ts': 'cli',
  'test/readme-vitest-example.test.ts': 'cli',
  'examples/web.test.ts': 'browser',
}

/** The kind of a test file (a path relative to the repository, with `/`), or undefined if none. */
export function kindOf(file: string): Kind | undefined {
  const named = FILES[file]
  if (named !== undefined) return named
  const folder = Object.keys(FOLDERS)
    .filter((prefix) => file.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0]
  return folder === undefined ? undefined : FOLDERS[folder]
}

/** The include and exclude globs of one project: its folders and files, less the files named elsewhere. */
export function projectGlobs(kind: Kind): { include: string[]; exclude: string[] } {
  const folders = Object.keys(FOLDERS).filter((folder) => FOLDERS[folder] === kind)
  const files = Object.keys(FILES).filter((file) => FILES[file] === kind)
  const elsewhere = Object.keys(FILES).filter((file) => FILES[file] !== kind && folders.some((folder) => file.startsWith(folder)))
  // A folder nested in one of this kind's folders but given another kind is left to that kind.
  const nested = Object.keys(FOLDERS).filter((other) => FOLDERS[other] !== kind && folders.some((folder) => other !== folder && other.startsWith(folder)))
  return {
    include: [...folders.map((folder) => `${folder}**/*.test.ts`), ...files],
    exclude: [...elsewhere, ...nested.map((folder) => `${folder}**`), `${OWN_STEP}**`, '**/node_modules/**'],
  }
}
