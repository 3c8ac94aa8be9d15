/**
 * Worlds side by side (issue 28): 8 clients, each in its own world of one fake, against 8 clients
 * on 8 separate fakes, in the same run: total requests a second (each client reads its account's
 * usage on 2 connections) and the memory the fake processes hold afterwards.
 *
 *   npm run bench:worlds -- [--clients 8] [--seconds 5]
 */
import { parseArgs } from 'node:util'
import type { BenchRequest } from './lib/http-request.js'
import { measure } from './lib/load.js'
import { BENCH_SCENARIO, CLI } from './lib/paths.js'
import { spawnServer, type ServerProcess } from './lib/processes.js'

const { values } = parseArgs({ options: { clients: { type: 'string' }, seconds: { type: 'string' } } })
const CLIENTS = Number(values.clients ?? '8')
const SECONDS = Number(values.seconds ?? '5')
const usage: BenchRequest = { method: 'GET', path: '/api/v1/account/usage', headers: { 'x-api-key': 'bench-key' } }

async function round(targets: string[]): Promise<{ rps: number; errors: number }> {
  const samples = await Promise.all(targets.map((url) => measure(url, usage, SECONDS, 2)))
  return { rps: samples.reduce((sum, s) => sum + s.rps, 0), errors: samples.reduce((sum, s) => sum + s.errors, 0) }
}

const start = (name: string): Promise<ServerProcess> => spawnServer(name, [CLI, '--port', '0', '--scenario', BENCH_SCENARIO])
const one = await start('one fake')
const many = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => start(`fake ${i}`)))
try {
  const worlds = Array.from({ length: CLIENTS }, (_, i) => `${one.url}/worlds/client-${i}`)
  const separate = many.map((server) => server.url)
  console.log(`${CLIENTS} clients, ${SECONDS} s a round, alternating (node ${process.version})`)
  for (let r = 0; r < 2; r++) {
    const a = await round(worlds)
    const b = await round(separate)
    console.log(
      `round ${r + 1}: ${CLIENTS} worlds of one fake ${a.rps.toFixed(0)} req/s (${a.errors} errors); ${CLIENTS} fakes ${b.rps.toFixed(0)} req/s (${b.errors} errors)`,
    )
  }
  const rss = (servers: ServerProcess[]) => servers.reduce((sum, server) => sum + (server.rssMb() ?? 0), 0)
  console.log(`memory: one fake with ${CLIENTS} worlds ${rss([one]).toFixed(0)} MB RSS; ${CLIENTS} fakes ${rss(many).toFixed(0)} MB RSS`)
} finally {
  await Promise.all([one, ...many].map((server) => server.stop()))
}
