/**
 * An admin operation the caller got wrong (unknown account, bad body, task already final…). The
 * in-process control throws it; the `/__admin` handlers answer `{code: status, message}` with it,
 * so both doors give the same status and the same words.
 */
export class AdminError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.name = 'AdminError'
    this.status = status
  }
}

export const badRequest = (message: string): AdminError => new AdminError(400, message)
export const notFound = (message: string): AdminError => new AdminError(404, message)
export const conflict = (message: string): AdminError => new AdminError(409, message)
