// The cold-start baseline: a bare node:http server that prints the same kind of ready line as
// the fake ("listening on http://HOST:PORT") and answers every request with a small JSON body.
// bench/cold-start.mjs times it beside the CLI on the same Node.
import { createServer } from 'node:http'

const body = Buffer.from('{"code":200,"data":{}}')
const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body))
})
server.listen(Number(process.env.PORT ?? '0'), '127.0.0.1', () => {
  process.stdout.write(`bare node:http listening on http://127.0.0.1:${server.address().port}\n`)
})
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  })
}
