/**
 * The heap after a full garbage collection, for the tests that bound what the fake keeps (a
 * journal that keeps the whole body it cut, worlds made by refused requests). V8's `gc` is
 * reached without `--expose-gc` on the command line: the flag is set at run time and the
 * function read from a fresh context.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void

/** Bytes of heap in use once everything unreachable is collected. */
export function heapUsed(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
