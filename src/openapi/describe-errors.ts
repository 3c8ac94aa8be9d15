/**
 * ajv's errors as short lines that say where (a JSON pointer into the body), what the document
 * wants, and what was there: `at /data/credits_used: must be number, got "10"`.
 */
import type { ErrorObject } from 'ajv'

function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data
  let value: unknown = data
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~')
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  }
  return value
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

function line(error: ErrorObject, data: unknown): string {
  const at = `at ${error.instancePath === '' ? '/' : error.instancePath}`
  const got = shown(valueAt(data, error.instancePath))
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at}: unexpected field ${JSON.stringify(params['additionalProperty'])}`
    case 'required':
      return `${at}: missing required field ${JSON.stringify(params['missingProperty'])}`
    case 'const':
      return `${at}: must be ${shown(params['allowedValue'])}, got ${got}`
    case 'enum':
      return `${at}: must be one of ${(params['allowedValues'] as unknown[]).map(shown).join(', ')}, got ${got}`
    case 'discriminator':
      return `${at}/${String(params['tag'])}: no variant has ${String(params['tag'])} ${shown(params['tagValue'])}`
    default:
      return `${at}: ${error.message ?? error.keyword}, got ${got}`
  }
}

/** One line per error, without repeats (an error can be reached through several references). */
export function describeErrors(errors: readonly ErrorObject[], data: unknown): string[] {
  return [...new Set(errors.map((error) => line(error, data)))]
}
