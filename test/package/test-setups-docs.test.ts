// docs/test-setups.md shows only what the package suite runs (doc-sources.ts): the global setup,
// Jest with TypeScript and openapi-typescript beside TypeScript 7, each from its consumer project.
import { expect, it } from 'vitest'
import { unverifiedBlocks } from './doc-sources.js'

it('has examples, each from a file the package suite runs', () => {
  const { count, unverified } = unverifiedBlocks('docs/test-setups.md')
  expect(count).toBeGreaterThanOrEqual(10)
  expect(unverified).toEqual([])
})
