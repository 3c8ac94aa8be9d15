/**
 * vitest's globalSetup for the package suite: packs the package once, hands every test file the
 * tarball (`inject('packed')`), and removes it and every consumer project made beside it at the end.
 */
import type { TestProject } from 'vitest/node'
import { pack, type Packed } from './pack.js'

declare module 'vitest' {
  export interface ProvidedContext {
    packed: Packed
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const packed = await pack()
  project.provide('packed', { base: packed.base, tarball: packed.tarball, files: packed.files })
  return () => packed.remove()
}
