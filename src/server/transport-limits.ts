/**
 * How long the standalone server waits for a request, and how many connections it serves at once
 * (decisions 015 and 041). Node's defaults let a client hold a connection for 300 s by withholding
 * the end of a body (each buffering up to the 1 MiB body limit) and set no cap on connections; a
 * fake that tests depend on must not be held up or exhausted that way. Idle and slow connections
 * go by the timeouts; past the cap, a connection's request is answered with a JSON 503 and
 * `Retry-After` and the connection is then closed: never reset, so a client always learns why.
 */
import type { ServerOptions } from 'node:http'

export interface TransportLimits {
  /** The request's headers must arrive within this long (Node's headersTimeout). */
  headersTimeoutMs: number
  /** The whole request, headers and body, must arrive within this long; else a JSON 408 and the connection closes. */
  requestTimeoutMs: number
  /** An idle keep-alive connection is closed after this long. */
  keepAliveTimeoutMs: number
  /** Past this many open connections, each further one is answered 503 (with Retry-After) and closed. */
  maxConnections: number
}

export const DEFAULT_TRANSPORT_LIMITS: Readonly<TransportLimits> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 4_096,
})

export function transportLimits(given: Partial<TransportLimits> = {}): TransportLimits {
  const limits = { ...DEFAULT_TRANSPORT_LIMITS, ...given }
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`startServer: limits.${name} must be a whole number, 1 or more, got ${String(value)}`)
  }
  // Node refuses headersTimeout above requestTimeout.
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs)
  return limits
}

/** The node:http server options for `limits`. Timeouts are checked every second (Node: every 30 s), or more often for short ones. */
export function serverTimeouts(limits: TransportLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  }
}

/** The message of the 408 a timed-out request gets. */
export const requestTimeoutMessage = (limits: TransportLimits): string =>
  `Request timeout: the request was not received whole within ${limits.requestTimeoutMs / 1000} s`

/** Seconds a client is told to wait (Retry-After) when the server is past its connection cap. */
export const OVERLOAD_RETRY_SECONDS = 1

export const overloadMessage = (limits: TransportLimits): string =>
  `Server busy: ${limits.maxConnections} connections are open (limits.maxConnections); retry in ${OVERLOAD_RETRY_SECONDS} s`
