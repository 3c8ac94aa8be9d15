/**
 * The OpenAPI 3.1 document of the public API, generated (never written by hand) from the zod
 * schemas the fake validates and answers with, for one service configuration: the scenario's
 * model, versions, limits and prices show in it. `openapi/openapi.json` is this document for
 * the default service; the fake serves the one of its running scenario at /openapi.json.
 */
import { INFERRED } from '../api/inferred.js'
import type { ServiceConfig } from '../domain/types.js'
import { componentSchemas } from './components.js'
import { EXAMPLE_ORIGIN, generateExamples } from './examples.js'
import { HEADERS, paths, TAGS } from './paths.js'

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> }

const DESCRIPTION = `The public API of the Asynchronous Audio Task Service, as audio-task-mock fakes it.

Tasks are processed asynchronously: Create Task answers at once with a task_id and freezes the
task's price in credits; poll Get Task until the status is success, failure or timeout. A task
that ends in failure or timeout has its credits refunded. Every success body is {code, data} and
every error body {code, message}, code equal to the HTTP status.

Where the spec is silent, the fake does what the real service is observed to do in public client
code and docs; those parts say "${INFERRED}" and name the scenario key that changes them. Requests
to other paths under /api/v1 answer 404, a known path with another method 405 with an Allow header,
and a path with an invalid percent-encoding 400, each with an error body.`

const cache = new WeakMap<ServiceConfig, OpenApiDocument>()

/** The document for `service`; `serverUrl` goes in `servers` (default: where `npm start` listens). */
export function openApiDocument(service: ServiceConfig, serverUrl = EXAMPLE_ORIGIN): OpenApiDocument {
  let document = cache.get(service)
  if (document === undefined) {
    document = {
      openapi: '3.1.0',
      info: {
        title: 'Asynchronous Audio Task Service (audio-task-mock)',
        version: 'v1',
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: EXAMPLE_ORIGIN }],
      security: [{ apiKey: [] }],
      tags: TAGS,
      paths: paths(service, generateExamples(service)),
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: "The caller's API key; missing or invalid answers 401" },
        },
        schemas: componentSchemas(service),
        headers: HEADERS,
      },
    }
    cache.set(service, document)
  }
  return serverUrl === EXAMPLE_ORIGIN ? document : { ...document, servers: [{ url: serverUrl }] }
}
