/**
 * The response checks say exactly what is off the document, and where: a status the route does
 * not document, a field of the wrong type, an unexpected or missing field, a missing required
 * header, a body that is not JSON, a route or method the document does not have.
 */
import { describe, expect, test } from 'vitest'
import { publicApi } from '../support/shapes.js'

const json = { 'content-type': 'application/json' }
const usage = (data: unknown) => JSON.stringify({ code: 200, data })
const TASK = '/api/v1/task/7a1c'
const task = {
  task_id: '7a1c',
  model: 'music-model',
  type: 'lyrics',
  status: 'success',
  credits_cost: 5,
  input: { prompt: 'sea' },
  output: {
    taskType: 'lyrics',
    taskId: 'u-1',
    status: 'completed',
    progress: '100%',
    failReason: null,
    result: [{ id: 'l-1', title: 'Sea', text: '[Verse] waves' }],
  },
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
  completed_at: '2026-01-01T00:00:05.000Z',
}

const check = (method: string, path: string, status: number, body: string, headers: Record<string, string> = json) =>
  publicApi.check({ method, path, status, headers: new Headers(headers), body })

describe('publicApi.check', () => {
  test.each([
    ['a valid usage', 'GET', '/api/v1/account/usage', 200, usage({ tasks_created: 1, credits_used: 5, credits_topped_up: 10 }), json, []],
    ['a valid task, query ignored', 'GET', `${TASK}?x=1`, 200, JSON.stringify({ code: 200, data: task }), json, []],
    [
      'a number as a string',
      'GET',
      '/api/v1/account/usage',
      200,
      usage({ tasks_created: '1', credits_used: 5, credits_topped_up: 10 }),
      json,
      ['GET /api/v1/account/usage: 200 body at /data/tasks_created: must be number, got "1"'],
    ],
    [
      'a missing and an extra field',
      'GET',
      '/api/v1/account/usage',
      200,
      usage({ tasks_created: 1, credits_used: 5, balance: 3 }),
      json,
      [
        'GET /api/v1/account/usage: 200 body at /data: missing required field "credits_topped_up"',
        'GET /api/v1/account/usage: 200 body at /data: unexpected field "balance"',
      ],
    ],
    [
      'an undocumented status',
      'GET',
      '/api/v1/account/usage',
      503,
      JSON.stringify({ code: 503, message: 'down' }),
      json,
      ['GET /api/v1/account/usage: status 503 is not documented for getUsage (documented: 200, 401, 429, 500)'],
    ],
    [
      'an HTML 401',
      'POST',
      '/api/v1/task',
      401,
      '<h1>Unauthorized</h1>',
      { 'content-type': 'text/html' },
      [
        'POST /api/v1/task: content-type must be application/json, got "text/html"',
        'POST /api/v1/task: the 401 body is not JSON (Unexpected token \'<\', "<h1>Unauth"... is not valid JSON)',
      ],
    ],
    [
      'an error code that is not the status',
      'GET',
      TASK,
      404,
      JSON.stringify({ code: 400, message: 'no' }),
      json,
      ['GET /api/v1/task/7a1c: 404 body at /code: must be 404, got 400 (error bodies {code, message}: inferred)'],
    ],
    [
      'a 429 without Retry-After',
      'GET',
      TASK,
      429,
      JSON.stringify({ code: 429, message: 'slow down' }),
      json,
      ['GET /api/v1/task/7a1c: 429 without the required header Retry-After'],
    ],
    [
      'a Retry-After that is not seconds',
      'GET',
      TASK,
      429,
      JSON.stringify({ code: 429, message: 'slow down' }),
      { ...json, 'retry-after': 'soon' },
      ['GET /api/v1/task/7a1c: header Retry-After must match ^[0-9]+$, got "soon"'],
    ],
    [
      'a rate-limit header that is not a number',
      'GET',
      '/api/v1/account/usage',
      200,
      usage({ tasks_created: 1, credits_used: 5, credits_topped_up: 10 }),
      { ...json, 'x-ratelimit-remaining': '-1' },
      ['GET /api/v1/account/usage: header X-RateLimit-Remaining must match ^[0-9]+$, got "-1"'],
    ],
    [
      'a status no variant has',
      'GET',
      TASK,
      200,
      JSON.stringify({ code: 200, data: { ...task, status: 'done' } }),
      json,
      ['GET /api/v1/task/7a1c: 200 body at /data/status: no variant has status "done"'],
    ],
    [
      'output while pending',
      'GET',
      TASK,
      200,
      JSON.stringify({ code: 200, data: { ...task, status: 'pending', completed_at: null } }),
      json,
      ['GET /api/v1/task/7a1c: 200 body at /data/output: must be null, got {"taskType":"lyrics","taskId":"u-1","status":"completed","progress":"100%","f...'],
    ],
    [
      'a lyrics result shaped like a clip',
      'GET',
      TASK,
      200,
      JSON.stringify({ code: 200, data: { ...task, output: { ...task.output, result: [{ id: 'c', title: 't', audio_url: 'u' }] } } }),
      json,
      [
        'GET /api/v1/task/7a1c: 200 body at /data/output/result/0: missing required field "text"',
        'GET /api/v1/task/7a1c: 200 body at /data/output/result/0: unexpected field "audio_url"',
      ],
    ],
    [
      'a timestamp without milliseconds',
      'GET',
      TASK,
      200,
      JSON.stringify({ code: 200, data: { ...task, created_at: '2026-01-01T00:00:00Z' } }),
      json,
      [
        'GET /api/v1/task/7a1c: 200 body at /data/created_at: must match pattern "^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d\\.\\d{3}(?:Z))$", got "2026-01-01T00:00:00Z"',
      ],
    ],
    [
      'an unknown route answering 200',
      'GET',
      '/api/v1/tasks',
      200,
      '{}',
      json,
      [
        'GET /api/v1/tasks: answered 200; expected 404: no such route in the document',
        'GET /api/v1/tasks: 200 body at /: missing required field "code" (error bodies {code, message}: inferred)',
        'GET /api/v1/tasks: 200 body at /: missing required field "message" (error bodies {code, message}: inferred)',
      ],
    ],
    ['an unknown route answering 404', 'GET', '/api/v1/tasks', 404, JSON.stringify({ code: 404, message: 'No such route' }), json, []],
    [
      'a wrong method without Allow',
      'DELETE',
      TASK,
      405,
      JSON.stringify({ code: 405, message: 'no' }),
      json,
      ['DELETE /api/v1/task/7a1c: a 405 must say what is allowed in an Allow header'],
    ],
    ['a malformed percent-encoding answered 400', 'GET', '/api/v1/task/%E0%A4%A', 400, JSON.stringify({ code: 400, message: 'Malformed URL' }), json, []],
    [
      'a malformed percent-encoding answered 404',
      'GET',
      '/api/v1/task/%E0%A4%A',
      404,
      JSON.stringify({ code: 404, message: 'Task not found' }),
      json,
      ['GET /api/v1/task/%E0%A4%A: answered 404; expected 400: the path has an invalid percent-encoding'],
    ],
    ['a path outside the API', 'GET', '/assets/audio/x.wav', 200, 'RIFF', { 'content-type': 'audio/wav' }, []],
  ] as const)('%s', (_name, method, path, status, body, headers, expected) => {
    expect(check(method, path, status, body, headers)).toEqual(expected)
  })

  test('a status a scenario scripts is checked as an error body, and only where it is allowed', () => {
    const body = JSON.stringify({ code: 503, message: 'Service unavailable' })
    const allowStatus = (operationId: string, status: number) => operationId === 'getUsage' && status === 503
    expect(publicApi.check({ method: 'GET', path: '/api/v1/account/usage', status: 503, headers: new Headers(json), body }, { allowStatus })).toEqual([])
    expect(
      publicApi.check({ method: 'GET', path: '/api/v1/account/usage', status: 503, headers: new Headers(json), body: '{"code":503}' }, { allowStatus }),
    ).toEqual(['GET /api/v1/account/usage: 503 body at /: missing required field "message" (error bodies {code, message}: inferred)'])
    expect(publicApi.check({ method: 'GET', path: TASK, status: 503, headers: new Headers(json), body }, { allowStatus })).toEqual([
      'GET /api/v1/task/7a1c: status 503 is not documented for getTask (documented: 200, 401, 404, 429, 500)',
    ])
  })
})
