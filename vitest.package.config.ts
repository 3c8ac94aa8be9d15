import { defineConfig } from 'vitest/config'

// The package as a user installs it (test/package/): packs, installs into a temporary project,
// compiles and runs it there. Minutes, not seconds, so it is its own step: `npm run test:package`.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
})
