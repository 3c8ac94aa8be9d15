/** One HTTP request with node:http (no fetch: its first use loads undici, which would skew cold-start timings). */
import { request } from 'node:http'

export interface BenchRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export interface BenchReply {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

export function send(base: string, spec: BenchRequest): Promise<BenchReply> {
  return new Promise((resolve, reject) => {
    const req = request(base + spec.path, { method: spec.method, headers: spec.headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(spec.body)
  })
}

/** `send`, then a check that the status is the expected one; returns the parsed JSON body. */
export async function expectStatus(base: string, spec: BenchRequest, status: number): Promise<any> {
  const reply = await send(base, spec)
  if (reply.status !== status) throw new Error(`${spec.method} ${base}${spec.path} answered ${reply.status}, expected ${status}: ${reply.body}`)
  return JSON.parse(reply.body)
}
