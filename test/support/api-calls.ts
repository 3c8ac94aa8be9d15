/**
 * The api layer's endpoints as a dispatch serves them, for tests that call the api layer directly:
 * each answers, then the finishing step sends the answer and journals it (src/dispatch/finish.ts;
 * no state database, no test mode). They return the endpoint's outcome, as the api layer gave it.
 */
import * as api from '../../src/api/public-api.js'
import type { Answered, ApiRequest, BodyRequest, Outcome } from '../../src/api/public-api.js'
import type { World } from '../../src/domain/world.js'
import { finisher, sendAnswered } from '../../src/dispatch/finish.js'
import type { DispatchRequest, DoorOutcome } from '../../src/dispatch/request.js'
import { music } from './admin-helpers.js'

function served(answered: Answered): Outcome {
  sendAnswered(answered)
  return answered.outcome
}

export const createTask = (world: World, request: BodyRequest): Outcome => served(api.createTask(world, request))
export const getTask = (world: World, request: ApiRequest, taskId: string): Outcome => served(api.getTask(world, request, taskId))
export const getUsage = (world: World, request: ApiRequest): Outcome => served(api.getUsage(world, request))

/** A music create with `prompt`, as a client of `server` sends it with `apiKey` (a JSON body): its response. */
export const createMusic = (server: { url: string; mock: { world: World } }, apiKey: string, prompt = 'a calm piano piece') =>
  createTask(server.mock.world, { apiKey, origin: server.url, contentType: 'application/json', body: JSON.stringify(music(prompt)) }).response!

/**
 * A create in a world kept with `--state-mode durable`: the answer the finishing step sends once
 * `commit` settles (a 503 when it fails), as a door would send it.
 */
export async function durableCreate(
  world: World,
  commit: (() => Promise<void>) | undefined,
  request: BodyRequest,
): Promise<DoorOutcome & { drop?: undefined }> {
  const finish = finisher({ world, commit }, null)
  const dispatchRequest: DispatchRequest = {
    method: 'POST',
    path: '/api/v1/task',
    search: '',
    base: request.origin,
    headers: { get: () => null },
    body: () => Promise.resolve(''),
  }
  const sent = await finish(dispatchRequest, api.createTask(world, request))
  if (sent.drop) throw new Error('the create was dropped')
  return sent
}
