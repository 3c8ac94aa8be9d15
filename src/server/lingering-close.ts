/**
 * Lingering close: how the node:http door ends a connection whose request body it answered
 * before reading to its end (a 413). Closing at once would reset the connection while the client
 * is still sending, and a client that is still writing then meets EPIPE or ECONNRESET instead of
 * reading the answer (fetch did, in about 1 of 20 tries of a 2 MB create). So, as nginx does,
 * the fake sends the answer, half-closes, and keeps reading and discarding what still comes while
 * it keeps coming (a pause of LINGER_IDLE_MS ends it), for at most LINGER_MS and LINGER_BYTES,
 * then closes; a client that closes first ends it at once.
 *
 * What comes after the answer is discarded, never parsed: Node's HTTP parser is cut off from the
 * connection, so nothing the client sent behind the refused body (the rest of it, a pipelined
 * request) becomes a request. A request Node had already parsed behind it never runs either:
 * the door starts a pipelined request only once the answer before it went out on the connection
 * (node-door.ts), and after a closing answer none does.
 */
import type { Socket } from 'node:net'

/** How long the fake goes on reading after the answer, at most (nginx's lingering_time is 30 s). */
export const LINGER_MS = 30_000
/** How long it waits for more of what the client sends before it closes (nginx's lingering_timeout: 5 s). */
export const LINGER_IDLE_MS = 2_000
/** How much it reads and discards after the answer, at most. */
export const LINGER_BYTES = 64 * 1024 * 1024

const lingering = new WeakSet<Socket>()

/** Reads and discards what comes, within the bounds, after a FIN that follows the answer; then closes. */
function linger(socket: Socket): void {
  if (lingering.has(socket) || socket.destroyed) return
  lingering.add(socket)
  let read = 0
  const close = (): void => {
    clearTimeout(timer)
    clearTimeout(idle)
    socket.destroy()
  }
  const timer = setTimeout(close, LINGER_MS).unref()
  const idle = setTimeout(close, LINGER_IDLE_MS).unref()
  const discard = (chunk: Buffer): void => {
    read += chunk.length
    if (read > LINGER_BYTES) close()
    else idle.refresh()
  }
  // Adding a `data` listener makes Node hand the parser its bytes as events (it reads the socket
  // itself otherwise); removing the parser's own listener then leaves it nothing more to parse.
  socket.on('data', discard)
  for (const listener of socket.listeners('data')) if (listener !== discard) socket.off('data', listener as (chunk: Buffer) => void)
  socket.once('end', close)
  socket.once('close', () => {
    clearTimeout(timer)
    clearTimeout(idle)
  })
  socket.end()
  socket.resume()
}

/**
 * Makes the connection of `socket` end with a lingering close once the answer being written is
 * out. Node ends the connection after an answer that says `Connection: close` by calling the
 * socket's `destroySoon`, which resets it if anything is left unread: replaced here for this
 * socket alone.
 */
export function lingerAfterAnswer(socket: Socket): void {
  if (socket.destroyed) return
  const closer = socket as Socket & { destroySoon?: () => void }
  closer.destroySoon = () => linger(socket)
}
