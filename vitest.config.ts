import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // The packed package in a user's project: its own step, `npm run test:package` (vitest.package.config.ts).
    exclude: ['test/package/**', '**/node_modules/**'],
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
    // One headless Chromium per worker, started when its first browser test asks (test/support/browser.ts).
    provide: { sharedChromium: true },
  },
})
