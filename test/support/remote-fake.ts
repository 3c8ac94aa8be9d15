/**
 * A fake that runs in another process (the standalone executable, a container), as a door's
 * `Fake`: each test's scenario is loaded with `PUT /__admin/scenario`, which starts a fresh world
 * as a new fake would. The suites' synchronous moves (`fake.mock.clock.advance`,
 * `fake.mock.reset()`) are queued and sent to the admin API before the next request, as the
 * browser door does; anything else on `mock` throws, naming what it was asked for. Admin requests
 * carry `token` when one is given (a fake listening on 0.0.0.0, as in a container, wants it).
 */
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { send, type Fake, type Fetcher } from './doors.js'
import { queuedMock, type Queued } from './queued-mock.js'

export interface Remote {
  /** The fake's origin, e.g. http://127.0.0.1:4010. */
  url: string
  /** What the door is called in messages ("executable door"). */
  door: string
  /** Where the fake runs, for the message of a `mock` call that cannot be sent ("the fake runs in the executable"). */
  where: string
  token?: string
}

async function admin(remote: Remote, method: string, path: string, body?: string, type = 'application/json'): Promise<unknown> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': type }
  if (remote.token !== undefined) headers['authorization'] = `Bearer ${remote.token}`
  const response = await fetch(remote.url + path, { method, headers, body })
  const text = await response.text()
  if (!response.ok) throw new Error(`${remote.door}: ${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

/** Loads `scenario` into the remote fake and gives the door's `Fake` for it. */
export async function startRemote(remote: Remote, scenario: string): Promise<Fake> {
  const { url } = remote
  await admin(remote, 'PUT', '/__admin/scenario', scenario, 'application/yaml')
  const queue: Queued[] = []
  const flush = async () => {
    while (queue.length > 0) {
      const step = queue.shift()!
      if ('reset' in step) await admin(remote, 'POST', '/__admin/reset')
      else await admin(remote, 'POST', '/__admin/clock/advance', JSON.stringify({ by: step.advance }))
    }
  }
  const flushed: Fetcher = async (target, init) => (await flush(), fetch(target, init))
  const ledger = async (key: string) => (await flush(), (await admin(remote, 'GET', `/__admin/accounts/${encodeURIComponent(key)}`)) as never)
  const scenarioOf = resolveScenario(scenario)
  return {
    mock: queuedMock(queue, remote.door, remote.where, '/__admin'),
    origin: url,
    ledger,
    call: (method, path, options) => send(url, method, path, options, scenarioOf, flushed),
  }
}
