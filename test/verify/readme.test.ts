/** docs/openapi-and-verify.md shows what verify really prints against the fake, and documents every flag it takes. */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { VERIFY_OPTIONS } from '../../src/cli/verify-command.js'
import { startServer } from '../../src/server/start-server.js'
import { formatVerifyReport } from '../../src/verify/verify-report.js'
import { runVerify } from '../../src/verify/run-verify.js'

const page = readFileSync(new URL('../../docs/openapi-and-verify.md', import.meta.url), 'utf8')

test('docs/openapi-and-verify.md shows the report verify prints against npm start', async () => {
  const running = await startServer({ scenario: readFileSync(new URL('../../scenarios/default.yaml', import.meta.url), 'utf8'), port: 0 })
  try {
    // The page's run polls with --poll-interval 0s; the elapsed time it prints is shown as 0.0 s.
    const result = await runVerify({ baseUrl: running.url, apiKey: 'demo-key', otherApiKey: 'demo-key-2', pollIntervalMs: 0, now: () => 0 })
    expect(page).toContain(`\`\`\`text\n${formatVerifyReport(result).replaceAll(running.url, 'http://127.0.0.1:4010')}\`\`\``)
  } finally {
    await running.close()
  }
})

test.each(Object.keys(VERIFY_OPTIONS).filter((flag) => flag !== 'help'))('docs/openapi-and-verify.md documents verify --%s', (flag) => {
  expect(page).toMatch(new RegExp(`\\| \`--${flag}[ \`]`))
})
