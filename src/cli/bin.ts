#!/usr/bin/env node
import { main } from './main.js'

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`audio-task-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  },
)
