// The GitHub Actions runner contract, the few parts the action uses: inputs arrive as INPUT_<NAME>
// variables (the name upper-cased, spaces as _, dashes kept), and a step hands values on by
// appending to the files named by GITHUB_OUTPUT (outputs), GITHUB_ENV (variables of later steps)
// and GITHUB_STATE (read back by the post step as STATE_<name>).
import { appendFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'

/** An input's value, trimmed; `fallback` when the runner passed none. */
export function input(env, name, fallback = '') {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]
  return value === undefined ? fallback : value.trim()
}

/** A boolean input: true/false (any case); anything else is a mistake the step reports. */
export function booleanInput(env, name, fallback) {
  const text = input(env, name, String(fallback)).toLowerCase()
  if (text === 'true' || text === 'false') return text === 'true'
  throw new Error(`input ${name} expects true or false, got ${JSON.stringify(text)}`)
}

/** Appends `name=value` to the runner file `variable` names (a heredoc when the value has a newline). */
export function append(env, variable, name, value) {
  const file = env[variable]
  if (!file) throw new Error(`${variable} is not set: run this as a step of a GitHub Actions job`)
  const text = String(value)
  if (!text.includes('\n') && !text.includes('\r')) {
    appendFileSync(file, `${name}=${text}\n`)
    return
  }
  const delimiter = `ghadelimiter_${randomUUID()}`
  appendFileSync(file, `${name}<<${delimiter}\n${text}\n${delimiter}\n`)
}

/** A workflow command (`::error::message`), its message escaped as the runner expects. */
export function command(name, message) {
  const escaped = String(message).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  return `::${name}::${escaped}\n`
}
