/**
 * Every response a test receives from the public API is checked against the API schemas
 * (src/api/schemas.ts), so a drift between schema and behaviour fails the suite.
 */
import { createdSchema, envelope, errorBodySchema, taskSchema, usageSchema } from '../../src/api/schemas.js'

const created = envelope(202, createdSchema)
const task = envelope(200, taskSchema)
const usage = envelope(200, usageSchema)

export function assertPublicShape(method: string, path: string, status: number, contentType: string | null, text: string): void {
  if (!path.startsWith('/api/')) return
  if (!(contentType ?? '').startsWith('application/json')) {
    throw new Error(`${method} ${path} answered ${status} with content-type ${contentType}, expected application/json`)
  }
  const body: unknown = JSON.parse(text)
  const schema =
    status >= 400
      ? errorBodySchema
      : method === 'POST' && path === '/api/v1/task'
        ? created
        : path === '/api/v1/account/usage'
          ? usage
          : task
  const checked = schema.safeParse(body)
  if (!checked.success) {
    throw new Error(`${method} ${path} answered ${status} with a body off the schema: ${checked.error.message}\n${text}`)
  }
  if ((body as { code: number }).code !== status) throw new Error(`${method} ${path}: code ${(body as { code: number }).code} != HTTP ${status}`)
}
