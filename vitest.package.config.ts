import { defineConfig } from 'vitest/config'
import { toolTags } from './test/support/system-tools.js'
import { ToolsReporter } from './test/support/tools-reporter.js'

// The package as a user installs it (test/package/): packs once (pack-once.ts), installs into
// temporary projects, compiles and runs them there. Minutes, not seconds, so it is its own step:
// `npm run test:package`, and .ci/matrix.sh for both cells of the matrix (AUDIO_TASK_MOCK_CELL).
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    // The consumer projects' own test files (Jest's, a vitest global setup's) run inside those
    // projects, with their own runner and installs, never here.
    exclude: ['test/package/consumer/**', '**/node_modules/**'],
    globalSetup: ['test/package/pack-once.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    // The Vite test drives Chromium: skipped where the machine lacks it, never under CI=true (vitest.config.ts).
    tags: toolTags(),
    reporters: ['default', new ToolsReporter()],
  },
})
