// Costs of the OpenAPI work, on the built code (npm run build first):
//   node bench/openapi.mjs
// 1. generating the document (cold: schemas, examples run through a world; then cached),
// 2. compiling the response checks, 3. one check per kind of response,
// 4. requests per second of GET /api/v1/account/usage over HTTP with test mode off and on.
import autocannon from 'autocannon'

const { openApiDocument } = await import('../dist/openapi/document.js')
const { createResponseValidator } = await import('../dist/openapi/response-validator.js')
const { defaultScenario } = await import('../dist/scenario/index.js')

const time = (fn) => {
  const start = process.hrtime.bigint()
  const value = fn()
  return [value, Number(process.hrtime.bigint() - start) / 1e6]
}
const service = defaultScenario().service
const [document, cold] = time(() => openApiDocument(service))
const [, cached] = time(() => openApiDocument(service))
const [, other] = time(() => openApiDocument({ ...service, limits: { ...service.limits, title: 10 } }))
const [validator, compile] = time(() => createResponseValidator(document))
console.log(
  `document: cold ${cold.toFixed(1)} ms, cached ${cached.toFixed(3)} ms, another service ${other.toFixed(1)} ms, ${JSON.stringify(document).length} bytes`,
)
console.log(`response checks: compile ${compile.toFixed(1)} ms`)

const examples = (path, method, status) => Object.values(document.paths[path][method].responses[status].content['application/json'].examples)
const cases = {
  'usage 200': ['GET', '/api/v1/account/usage', 200, examples('/api/v1/account/usage', 'get', '200')[0].value],
  'music task 200': [
    'GET',
    '/api/v1/task/x',
    200,
    examples('/api/v1/task/{taskId}', 'get', '200').find((e) => e.value.data.type === 'music' && e.value.data.output).value,
  ],
  'error 404': ['GET', '/api/v1/task/x', 404, examples('/api/v1/task/{taskId}', 'get', '404')[0].value],
}
const headers = new Headers({ 'content-type': 'application/json' })
for (const [name, [method, path, status, value]] of Object.entries(cases)) {
  const body = JSON.stringify(value)
  for (let i = 0; i < 2_000; i++) validator.check({ method, path, status, headers, body })
  const runs = 20_000
  const [, ms] = time(() => {
    for (let i = 0; i < runs; i++) if (validator.check({ method, path, status, headers, body }).length) throw new Error(name)
  })
  console.log(`check ${name}: ${((ms * 1000) / runs).toFixed(1)} µs each (${body.length} bytes)`)
}

const { startServer } = await import('../dist/server/start-server.js')
const { setAnswerCheck } = await import('../dist/openapi/answer-check.js')
const { offDocument } = await import('../dist/openapi/test-mode.js')
// Alternating rounds, each after a warm-up, so that JIT and machine load weigh on both modes alike.
for (const mode of ['off', 'on', 'off', 'on']) {
  setAnswerCheck(mode === 'on' ? offDocument : null)
  const running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 10 }]\n', port: 0 })
  const options = { url: `${running.url}/api/v1/account/usage`, headers: { 'x-api-key': 'k' }, connections: 10 }
  await autocannon({ ...options, duration: 1 })
  const result = await autocannon({ ...options, duration: 5 })
  console.log(
    `HTTP GET usage, test mode ${mode}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${result.non2xx + result.errors}`,
  )
  await running.close()
}
