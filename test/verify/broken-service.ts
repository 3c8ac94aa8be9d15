/**
 * A deliberately broken build of the service for the verify tests: a bare node:http server that
 * gets some things right and others wrong, each wrong in one known way.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type }).end(typeof body === 'string' ? body : JSON.stringify(body))
}

async function bodyOf(req: IncomingMessage): Promise<any> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text === '' ? undefined : JSON.parse(text)
}

export async function startBrokenService(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const key = req.headers['x-api-key']
    const path = req.url ?? '/'
    if (key === undefined) {
      // Wrong: the error body has its own shape on this route.
      if (path === '/api/v1/account/usage') return send(res, 401, { error: 'unauthorized' })
      return send(res, 401, { code: 401, message: 'Missing API key' })
    }
    if (key !== 'good-key') return send(res, 401, { code: 401, message: 'Invalid API key' })
    if (path === '/api/v1/account/usage') return send(res, 200, { code: 200, data: { tasks_created: '0', credits_used: 0, credits_topped_up: 100 } })
    if (req.method === 'POST' && path === '/api/v1/task') {
      const body = await bodyOf(req)
      // Wrong: a missing model is not checked, and the task is charged.
      if (body.model === undefined)
        return send(res, 202, {
          code: 202,
          data: { task_id: 'charged-by-mistake', type: body.task_type, status: 'pending', credits_charged: 5, created_at: '2026-01-01T00:00:00.000Z' },
        })
      return send(res, 400, { code: 400, message: 'invalid body' })
    }
    // Wrong: an unknown task is an HTML page.
    return send(res, 404, '<h1>Not Found</h1>', 'text/html')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
