// ESLint (flat config): JavaScript's recommended rules and typescript-eslint's recommended ones,
// on syntax only (type-aware rules would cost a second typecheck; `npm run typecheck` has the
// types). Layout is Prettier's (.prettierrc.json), so no style rules here.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'bench/.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a binding kept on purpose (a handler's unused request, a skipped tuple slot).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The fake refuses NUL bytes and tests strip ANSI escapes: control characters in patterns are meant.
      'no-control-regex': 'off',
    },
  },
  // Tests and benchmarks read JSON bodies of every shape, right and wrong, and look into them; typing each
  // probe would say nothing the assertions do not. In src/ the rule stands (a few parsed bodies are marked).
  { files: ['test/**', 'bench/**', 'examples/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // zod comes through src/zod.ts, by name: its namespace import would put all 40 locales in every browser bundle.
  {
    files: ['src/**'],
    ignores: ['src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "import * as z from 'src/zod.js' instead (keeps zod's locales out of browser bundles)" }] },
      ],
    },
  },
  // Pages bundled for the browser (the inspector, the web example, test pages).
  { files: ['src/inspector/page/**', 'examples/web/**', 'test/browser/pages/**'], languageOptions: { globals: { ...globals.browser } } },
)
