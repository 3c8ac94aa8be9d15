/**
 * An admin operation the caller got wrong (unknown account, bad body, task already final…). The
 * in-process control throws it; the `/__admin` handlers turn it into an answer `{code: status,
 * message}`, so both doors give the same status and the same words. Statuses come from the error
 * table (api/errors.ts); why the control throws where the request path returns values: decision 028.
 */
import { problem, type ErrorArgs, type ErrorKind } from '../api/errors.js'

export class AdminError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'AdminError'
    this.status = status
  }

  /** The error of `kind` in the error table. */
  static of<K extends ErrorKind>(kind: K, ...args: ErrorArgs<K>): AdminError {
    const { status, message } = problem(kind, ...args)
    return new AdminError(status, message)
  }
}

export const badRequest = (message: string): AdminError => AdminError.of('adminBadRequest', message)
export const notFound = (message: string): AdminError => AdminError.of('adminNotFound', message)
export const conflict = (message: string): AdminError => AdminError.of('adminConflict', message)
