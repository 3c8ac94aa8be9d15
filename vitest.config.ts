import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // The packed package in a user's project: its own step, `npm run test:package` (vitest.package.config.ts).
    exclude: ['test/package/**', '**/node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Test mode: the setup file installs the check of every public-API answer against the OpenAPI document.
    setupFiles: ['test/support/check-responses-setup.ts'],
  },
})
