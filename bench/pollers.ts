/**
 * A polite fleet (issue 27): N clients, each on its own keep-alive connection, read their usage
 * once a second for S seconds, against the fake and against a bare node:http server in the same
 * run. Every poller must get every answer: none may go unanswered or be reset. Writes a summary
 * to stdout (and the figures asked for in bench/RESULTS.md come from it).
 *
 *   npm run bench:pollers -- [--pollers 1000] [--seconds 15]
 */
import { Agent, request } from 'node:http'
import { parseArgs } from 'node:util'
import { BENCH_SCENARIO, CLI, ROOT } from './lib/paths.js'
import { spawnServer, type ServerProcess } from './lib/processes.js'

const { values } = parseArgs({ options: { pollers: { type: 'string' }, seconds: { type: 'string' } } })
const POLLERS = Number(values.pollers ?? '1000')
const SECONDS = Number(values.seconds ?? '15')

interface Tally {
  answered: number
  statuses: Map<number, number>
  errors: Map<string, number>
  /** Pollers that never got a single answer. */
  starved: number
  p99Ms: number
}

function get(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'x-api-key': 'bench-key' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function fleet(server: ServerProcess): Promise<Tally> {
  const url = new URL('/api/v1/account/usage', server.url)
  const tally: Tally = { answered: 0, statuses: new Map(), errors: new Map(), starved: 0, p99Ms: 0 }
  const latencies: number[] = []
  const deadline = Date.now() + SECONDS * 1000
  const poller = async (index: number): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    let mine = 0
    // Spread the fleet over the first second, as real pollers would be.
    await new Promise((resolve) => setTimeout(resolve, (index * 1000) / POLLERS))
    while (Date.now() < deadline) {
      const started = performance.now()
      try {
        const status = await get(agent, url)
        latencies.push(performance.now() - started)
        tally.answered += 1
        mine += 1
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error)
        tally.errors.set(code, (tally.errors.get(code) ?? 0) + 1)
      }
      const wait = 1000 - (performance.now() - started)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
    agent.destroy()
    if (mine === 0) tally.starved += 1
  }
  await Promise.all(Array.from({ length: POLLERS }, (_, index) => poller(index)))
  latencies.sort((a, b) => a - b)
  tally.p99Ms = latencies[Math.floor(latencies.length * 0.99)] ?? 0
  return tally
}

const summary = (name: string, tally: Tally): string =>
  `${name}: ${tally.answered} answers (${[...tally.statuses].map(([status, count]) => `${count}× ${status}`).join(', ')}), ` +
  `errors ${tally.errors.size === 0 ? 'none' : [...tally.errors].map(([code, count]) => `${count}× ${code}`).join(', ')}, ` +
  `${tally.starved} of ${POLLERS} pollers never answered, p99 ${tally.p99Ms.toFixed(1)} ms`

const bare = await spawnServer('bare', [`${ROOT}/bench/.tmp/build/bench/servers/bare.js`], { BARE_BODY: '{"code":200,"data":{}}' })
const fake = await spawnServer('fake', [CLI, '--port', '0', '--scenario', BENCH_SCENARIO])
try {
  console.log(`${POLLERS} keep-alive pollers, one request a second each, for ${SECONDS} s (node ${process.version})`)
  const baseline = await fleet(bare)
  console.log(summary('bare node:http', baseline))
  const ours = await fleet(fake)
  console.log(summary('audio-task-mock', ours))
  const ok = ours.errors.size === 0 && ours.starved === 0 && [...ours.statuses.keys()].every((status) => status === 200)
  if (!ok) process.exitCode = 1
} finally {
  await bare.stop()
  await fake.stop()
}
