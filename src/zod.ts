/**
 * zod's API as this package uses it, imported by name. `import { z } from 'zod'` hands over zod's
 * whole namespace, its 40 locales included (366 kB that a bundler must keep, since the namespace
 * object holds them); names let esbuild, Vite or webpack leave out what is not used. Modules here
 * import this module as a namespace, `z`, and keep reading `z.string()`.
 */
export {
  array,
  boolean,
  discriminatedUnion,
  enum,
  int,
  iso,
  literal,
  looseObject,
  never,
  null,
  number,
  preprocess,
  record,
  registry,
  strictObject,
  string,
  toJSONSchema,
  union,
  xor,
  unknown,
  ZodDefault,
  ZodError,
  ZodObject,
  ZodType,
} from 'zod'
export type { infer, input, output } from 'zod'
export { $ZodObject } from 'zod/v4/core'
export type { $ZodIssue, $ZodLooseShape, $ZodRawIssue, $ZodType } from 'zod/v4/core'
