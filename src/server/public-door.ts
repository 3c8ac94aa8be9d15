/**
 * The standalone server's door: a node:http request listener that answers the public API
 * by calling the api layer directly (no Fetch Request/Response objects, no path-to-regexp,
 * no streams), and hands every other request to `fallback` (the express app with the msw
 * handlers, the admin API and media). The rules all live in the api layer, so this door
 * answers exactly as the msw handlers do; the contract suite runs against both.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { createTask, getTask, getUsage, type Outcome } from '../api/public-api.js'
import { answerCheck, type AnswerCheck } from '../openapi/answer-check.js'
// Node reads AUDIO_TASK_MOCK_CHECK_RESPONSES (test mode); a page's bundle leaves it out.
import '../openapi/environment-check.js'
import { failWith } from '../api/respond.js'
import { durable } from '../api/durable-outcome.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { originOf, publicRoute } from './public-route.js'
import { readNodeBody } from './read-node-body.js'
import { writeInternalError, writeOutcome } from './write-outcome.js'

function apiKeyOf(req: IncomingMessage): string | null {
  const key = req.headers['x-api-key']
  return key === undefined ? null : Array.isArray(key) ? key.join(', ') : key
}

type Send = (req: IncomingMessage, res: ServerResponse, outcome: Outcome) => void

/** With an answer check installed (the test suite's test mode), each answer goes through it first. */
function checkedSend(source: Pick<MockHandle, 'world' | 'commit'>, check: AnswerCheck): Send {
  return (req, res, outcome) => {
    if (outcome.drop) return writeOutcome(req, res, outcome)
    const { status, headers, body } = outcome.response
    const answer = {
      method: req.method!,
      path: req.url!.split('?', 1)[0]!,
      status,
      body,
      headers: new Headers({ 'content-type': 'application/json', ...headers }),
    }
    check(answer, source.world.scenario).then(
      (message) => writeOutcome(req, res, message === null ? outcome : { response: failWith('offDocument', message), delayMs: outcome.delayMs }),
      (error: unknown) => writeInternalError(res, error),
    )
  }
}

async function create(source: Pick<MockHandle, 'world' | 'commit'>, req: IncomingMessage, res: ServerResponse, origin: string, send: Send): Promise<void> {
  const body = await readNodeBody(req, source.world.scenario.service.maxBodyBytes)
  // The world as it is once the body is in: a reset while it arrived replaced the one before.
  const created = createTask(source.world, { apiKey: apiKeyOf(req), origin, contentType: req.headers['content-type'] ?? null, body })
  send(req, res, source.commit === undefined ? created : await durable(source, created))
}

export function createPublicDoor(source: Pick<MockHandle, 'world' | 'commit'>, fallback: RequestListener): RequestListener {
  const check = answerCheck()
  const send: Send = check === null ? writeOutcome : checkedSend(source, check)
  return (req, res) => {
    const route = publicRoute(req.method, req.url)
    const origin = route === null ? null : originOf(req.headers.host)
    if (route === null || origin === null) {
      fallback(req, res)
      return
    }
    try {
      switch (route.kind) {
        case 'get_task':
          send(req, res, getTask(source.world, { apiKey: apiKeyOf(req), origin }, route.taskId))
          return
        case 'usage':
          send(req, res, getUsage(source.world, { apiKey: apiKeyOf(req), origin }))
          return
        case 'create':
          create(source, req, res, origin, send).catch((error: unknown) => writeInternalError(res, error))
          return
      }
    } catch (error) {
      writeInternalError(res, error)
    }
  }
}
