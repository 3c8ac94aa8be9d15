/**
 * The express app (`createApp`: the node:http door as express's one middleware) on its own, for
 * comparison with the standalone server: `node express-door.js SCENARIO_FILE`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadScenarioFile, formatScenarioError } from '../../src/scenario/index.js'
import { createMock } from '../../src/mock/create-mock.js'
import { createApp } from '../../src/server/create-app.js'

const loaded = await loadScenarioFile(process.argv[2] ?? '')
if (!loaded.ok) {
  process.stderr.write(`${loaded.errors.map(formatScenarioError).join('\n')}\n`)
  process.exit(2)
}
const server = createServer(createApp(createMock({ scenario: loaded.scenario })))
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`express door listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`)
})
process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
