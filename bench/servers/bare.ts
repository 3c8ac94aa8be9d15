/**
 * The baseline: a bare `node:http` server that answers every request with the same bytes
 * the fake sends for the case being measured (status, content-type and body from the
 * environment). It reads request bodies to the end, as the fake does, and nothing else.
 *
 *   BARE_STATUS=200 BARE_BODY='{"code":200,...}' node bare.js
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const status = Number(process.env['BARE_STATUS'] ?? '200')
const body = Buffer.from(process.env['BARE_BODY'] ?? '{"code":200,"data":{}}')
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) }

const server = createServer((req, res) => {
  req.on('data', () => undefined)
  req.on('end', () => {
    res.writeHead(status, headers)
    res.end(body)
  })
})

server.listen(Number(process.env['BARE_PORT'] ?? '0'), '127.0.0.1', () => {
  process.stdout.write(`bare node:http listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`)
})
process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
