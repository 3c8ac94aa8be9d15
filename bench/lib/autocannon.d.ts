/** The part of autocannon's programmatic API the bench uses (the package ships no typings). */
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    max: number
    total: number
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    timeout?: number
    /** Requests to send in all; overrides `duration`. */
    amount?: number
    requests?: Array<{
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string
      /** Rewrites the request before it is sent; `context` is per connection. */
      setupRequest?: (request: { method?: string; path?: string; headers?: Record<string, string>; body?: string }, context: any) => object
      onResponse?: (status: number, body: string, context: any, headers: Record<string, string>) => void
    }>
  }

  interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    mismatches: number
    resets: number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
