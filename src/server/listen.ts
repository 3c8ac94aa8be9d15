/** Starts `server` listening and gives its URL (`http://HOST:PORT`, IPv6 hosts in brackets). */
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port: bound } = server.address() as AddressInfo
  return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`
}
