import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { KINDS, projectGlobs, type Kind } from './test/support/projects.js'
import { toolTags } from './test/support/system-tools.js'
import { ToolsReporter } from './test/support/tools-reporter.js'

// Tests by kind (test/support/projects.ts says which file is which): `npm test` runs every project,
// `npm run test:unit` only `unit`, which starts nothing and needs no build. The packed package in a
// user's project is its own step, `npm run test:package` (vitest.package.config.ts).

/** What one kind adds to the settings every project shares. */
const BY_KIND: Record<Kind, TestProjectInlineConfiguration['test']> = {
  // Spawning, listening and connecting throw in unit tests: a misfiled test fails loudly.
  unit: { setupFiles: ['test/support/unit-guard-setup.ts'] },
  doors: {},
  cli: {},
  browser: {},
}

export default defineConfig({
  test: {
    // The long forms (`npm run test:long`, test/support/long.ts) run many times the iterations.
    testTimeout: process.env['AUDIO_TASK_MOCK_LONG'] === '1' ? 600_000 : 20_000,
    hookTimeout: 20_000,
    // Test mode: the setup file installs the check of every public-API answer against the OpenAPI document.
    setupFiles: ['test/support/check-responses-setup.ts'],
    // Speed (decision 033). Files share their worker's modules instead of importing msw, zod, faker,
    // ajv and src/ afresh each (two thirds of the CPU time went there); no file relies on a fresh
    // module state: each starts its own fakes and servers and closes them.
    isolate: false,
    // Many files mostly wait for a child process, a socket or Chromium: one worker per core
    // keeps both cores busy (vitest's default, cores - 1, is a single worker on 2 cores).
    maxWorkers: availableParallelism(),
    // Tests that need Chromium, nginx, Python, pytest or podman carry its tag: skipped where the
    // machine lacks it (one line after the run names what and how to get it), never under CI=true.
    tags: toolTags(),
    reporters: ['default', new ToolsReporter()],
    // One headless Chromium per worker, started when its first browser test asks (test/support/browser.ts).
    provide: { sharedChromium: true },
    projects: KINDS.map((kind) => ({
      extends: true,
      test: { name: kind, ...projectGlobs(kind), ...BY_KIND[kind] },
    })),
  },
})
