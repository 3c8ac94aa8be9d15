/**
 * After a run: one line naming each missing tool whose tests were skipped, with how many and how to
 * get it (test/support/system-tools.ts). Under `CI=true` those tests ran and failed instead, and
 * the line says so; the run fails even if none of them did.
 */
import type { Reporter, TestModule } from 'vitest/node'
import { inCi, lookUp, TOOL_NAMES, toolsLine, type ToolName } from './system-tools.js'

const missing = (tag: string): tag is ToolName => (TOOL_NAMES as string[]).includes(tag) && !lookUp(tag as ToolName).ok

export class ToolsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const ci = inCi()
    const counts = new Map<ToolName, number>()
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const tool = test.tags.find(missing)
        if (tool === undefined || (!ci && test.result().state !== 'skipped')) continue
        counts.set(tool, (counts.get(tool) ?? 0) + 1)
      }
    if (counts.size === 0) return
    process.stdout.write(
      `\n${toolsLine(
        [...counts].map(([name, tests]) => ({ name, tests })),
        ci,
      )}\n`,
    )
    if (ci) process.exitCode = 1
  }
}
