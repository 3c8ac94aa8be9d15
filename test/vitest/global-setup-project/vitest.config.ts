// A project that uses audio-task-mock's global setup, run by global-setup.test.ts as a user would.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.check.ts'],
    globalSetup: ['./global-setup.ts'],
  },
})
