import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // The packed package in a user's project: its own step, `npm run test:package` (vitest.package.config.ts).
    exclude: ['test/package/**', '**/node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Test mode: every answer of the public API is checked against the OpenAPI document (src/handlers/check-responses.ts).
    env: { AUDIO_TASK_MOCK_CHECK_RESPONSES: '1' },
    setupFiles: ['test/support/check-responses-setup.ts'],
  },
})
