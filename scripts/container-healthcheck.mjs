// The container's HEALTHCHECK (docs/decisions/049). It asks the fake's own process where it
// listens, so the port counts however it was given (AUDIO_TASK_MOCK_PORT, `--port N` or
// `--port=N` after the image's name, 0): the TCP sockets that process holds in LISTEN state, read
// from /proc. Then GET /__admin/health there, with no token: healthy (exit 0) when the fake
// answers with its own JSON, 200 {"status":"ok"} or its 401/403 refusal {code, message} (on
// 0.0.0.0 the admin API wants the token, or is closed without one; the server is up either way).
// So no token, from a variable or a flag, has to reach this check.
//   node healthcheck.mjs [PID]    PID: the fake's process (default: the one running the entry point)
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

const ENTRY = '/audio-task-mock/dist/bin/audio-task-mock.js'

function unhealthy(reason) {
  console.error(`unhealthy: ${reason}`)
  process.exit(1)
}

/** The process whose command line runs the package's CLI (not this check). */
function findFake() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    try {
      if (
        readFileSync(`/proc/${name}/cmdline`, 'utf8')
          .split('\0')
          .some((word) => word.endsWith(ENTRY))
      )
        return Number(name)
    } catch {
      // gone, or not ours to read
    }
  }
  return unhealthy(`no process runs ${ENTRY}`)
}

/** An address of /proc/net/tcp{,6} (hex, each 32-bit word in host order, little-endian here) as one to connect to. */
function address(hex) {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((byte) => parseInt(byte, 16)))
  if (bytes.every((byte) => byte === 0)) return bytes.length === 4 ? '127.0.0.1' : '[::1]'
  if (bytes.length === 4) return bytes.join('.')
  const groups = []
  for (let at = 0; at < 16; at += 2) groups.push(((bytes[at] << 8) | bytes[at + 1]).toString(16))
  return `[${groups.join(':')}]`
}

/** Where `pid` listens: its socket inodes matched with the LISTEN rows (state 0A) of its network namespace. */
function listening(pid) {
  const inodes = new Set()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (socket) inodes.add(socket[1])
    } catch {
      // closed meanwhile
    }
  }
  const found = []
  for (const table of ['tcp', 'tcp6']) {
    for (const row of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/)
      if (fields[3] !== '0A' || !inodes.has(fields[9])) continue
      const [host, port] = fields[1].split(':')
      found.push(`http://${address(host)}:${parseInt(port, 16)}`)
    }
  }
  return found
}

const pid = process.argv[2] ? Number(process.argv[2]) : findFake()
let origins
try {
  origins = listening(pid)
} catch (error) {
  unhealthy(`cannot read process ${pid}: ${error.message}`)
}
if (origins.length === 0) unhealthy(`process ${pid} listens on no TCP port (not started yet?)`)
const url = `${origins[0]}/__admin/health`
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(2500) })
  const text = await response.text()
  let body = null
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: not the fake
  }
  const ok = response.status === 200 && body?.status === 'ok'
  const refused = (response.status === 401 || response.status === 403) && body?.code === response.status && typeof body.message === 'string'
  if (!ok && !refused) unhealthy(`GET ${url} answered ${response.status} with something other than the fake’s JSON: ${text.slice(0, 200)}`)
} catch (error) {
  unhealthy(`GET ${url}: ${error.message}`)
}
