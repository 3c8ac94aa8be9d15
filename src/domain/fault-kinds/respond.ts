/** `respond: { status, message, headers }`: the request gets this error instead of its normal answer. */
import { faultKind } from './fault-kind.js'

export interface RespondAction {
  respond: { status: number; message?: string; headers?: Readonly<Record<string, string>> }
}

export const respond = faultKind({
  key: 'respond',
  actionKey: 'respond',
  schema: ({ z, expecting, nonEmptyString }) => {
    const statusError = expecting('an HTTP error status from 400 to 599')
    return z
      .strictObject(
        {
          status: z.int({ error: statusError }).min(400, { error: statusError }).max(599, { error: statusError }).describe('HTTP status.'),
          message: nonEmptyString().optional().describe('message of the {code, message} body; a standard text by default.'),
          headers: z
            .record(z.string(), z.string({ error: expecting('a header value (a string)') }), { error: expecting('a mapping of header names to values') })
            .optional()
            .describe('Extra response headers.'),
        },
        { error: expecting('a mapping with status and optionally message, headers') },
      )
      .describe('Answer with this error instead of the normal answer.')
      .optional()
  },
  example: { status: 500 },
  compile: ({ status, message, headers }): RespondAction => ({
    respond: { status, ...(message !== undefined && { message }), ...(headers !== undefined && { headers }) },
  }),
  write: ({ respond: { status, message, headers } }: RespondAction) => ({
    status,
    message,
    ...(headers !== undefined && Object.keys(headers).length > 0 && { headers: { ...headers } }),
  }),
  outcome: ({ respond: error }: RespondAction) => ({ error }),
})
