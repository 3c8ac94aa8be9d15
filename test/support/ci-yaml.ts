/**
 * The shapes GitHub Actions and GitLab CI accept, as far as docs/ci.md's examples use them (their
 * documented workflow and `.gitlab-ci.yml` syntax, checked by hand here: no runner is at hand).
 * Each check returns the mistakes it found, as `path: what`; none means the shape is right.
 */
import { parse } from 'yaml'

type Node = Record<string, unknown>
const isMap = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')

const WORKFLOW_KEYS = ['name', 'run-name', 'on', 'permissions', 'env', 'defaults', 'concurrency', 'jobs']
const JOB_KEYS = [
  'name',
  'runs-on',
  'needs',
  'if',
  'permissions',
  'env',
  'defaults',
  'strategy',
  'timeout-minutes',
  'container',
  'services',
  'outputs',
  'steps',
]
const STEP_KEYS = ['name', 'id', 'if', 'uses', 'run', 'shell', 'with', 'env', 'working-directory', 'continue-on-error', 'timeout-minutes']
const GITLAB_KEYS = ['image', 'services', 'variables', 'stage', 'before_script', 'script', 'after_script', 'artifacts', 'needs', 'rules', 'cache', 'tags']
const GITLAB_GLOBALS = ['stages', 'variables', 'default', 'include', 'workflow']

function unknownKeys(node: Node, known: string[], at: string): string[] {
  return Object.keys(node)
    .filter((key) => !known.includes(key))
    .map((key) => `${at}.${key}: not a key of this level`)
}

const isStringMap = (value: unknown): boolean => isMap(value) && Object.values(value).every((item) => typeof item === 'string')

/** A list of steps, as in a job's `steps:` (a fragment of a workflow is one). */
export function stepMistakes(steps: unknown, at = 'steps'): string[] {
  if (!Array.isArray(steps) || steps.length === 0) return [`${at}: expected a list of steps`]
  return steps.flatMap((step, index) => {
    const here = `${at}[${index}]`
    if (!isMap(step)) return [`${here}: expected a map`]
    const mistakes = unknownKeys(step, STEP_KEYS, here)
    if ('uses' in step === 'run' in step) mistakes.push(`${here}: needs exactly one of uses and run`)
    if ('uses' in step && !/^[\w.-]+\/[\w./-]+@[\w.-]+$|^\.\//.test(String(step['uses']))) mistakes.push(`${here}.uses: not OWNER/REPO@REF`)
    if ('run' in step && typeof step['run'] !== 'string') mistakes.push(`${here}.run: expected a string`)
    if ('with' in step && !isMap(step['with'])) mistakes.push(`${here}.with: expected a map`)
    if ('env' in step && !isStringMap(step['env'])) mistakes.push(`${here}.env: expected strings`)
    return mistakes
  })
}

/** A whole workflow file: `on`, and jobs that each say where they run and what they do. */
export function workflowMistakes(workflow: unknown): string[] {
  if (!isMap(workflow)) return ['workflow: expected a map']
  const mistakes = unknownKeys(workflow, WORKFLOW_KEYS, 'workflow')
  if (!('on' in workflow)) mistakes.push('workflow.on: missing (a workflow without events never runs)')
  if (!isMap(workflow['jobs'])) return [...mistakes, 'workflow.jobs: expected a map']
  for (const [id, job] of Object.entries(workflow['jobs'])) {
    const at = `jobs.${id}`
    if (!isMap(job)) {
      mistakes.push(`${at}: expected a map`)
      continue
    }
    mistakes.push(...unknownKeys(job, JOB_KEYS, at))
    if (typeof job['runs-on'] !== 'string') mistakes.push(`${at}.runs-on: expected a runner label`)
    mistakes.push(...stepMistakes(job['steps'], `${at}.steps`))
    for (const [name, service] of Object.entries(isMap(job['services']) ? job['services'] : {})) {
      if (!isMap(service) || typeof service['image'] !== 'string') mistakes.push(`${at}.services.${name}.image: expected an image`)
      else if ('ports' in service && !isStrings(service['ports'])) mistakes.push(`${at}.services.${name}.ports: expected strings`)
      else if ('env' in service && !isStringMap(service['env'])) mistakes.push(`${at}.services.${name}.env: expected strings`)
    }
  }
  return mistakes
}

/** A `.gitlab-ci.yml`: jobs with an image and a script, services by name (and alias). */
export function gitlabMistakes(file: unknown): string[] {
  if (!isMap(file)) return ['file: expected a map']
  const mistakes: string[] = []
  for (const [id, job] of Object.entries(file).filter(([key]) => !GITLAB_GLOBALS.includes(key))) {
    if (!isMap(job)) {
      mistakes.push(`${id}: expected a job`)
      continue
    }
    mistakes.push(...unknownKeys(job, GITLAB_KEYS, id))
    if (typeof job['image'] !== 'string') mistakes.push(`${id}.image: expected an image`)
    if (!isStrings(job['script']) || job['script'].length === 0) mistakes.push(`${id}.script: expected a list of commands`)
    if ('variables' in job && !isStringMap(job['variables'])) mistakes.push(`${id}.variables: expected strings`)
    for (const [index, service] of (Array.isArray(job['services']) ? job['services'] : []).entries()) {
      const ok =
        typeof service === 'string' ||
        (isMap(service) && typeof service['name'] === 'string' && (!('variables' in service) || isStringMap(service['variables'])))
      if (!ok) mistakes.push(`${id}.services[${index}]: expected an image name, or { name, alias, variables }`)
    }
  }
  return mistakes
}

/** Parses a block as YAML; a fragment indented as it sits in a job (a list of steps) parses too. */
export function parseBlock(text: string): unknown {
  const indent = Math.min(
    ...text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => /^ */.exec(line)![0].length),
  )
  return parse(
    text
      .split('\n')
      .map((line) => line.slice(indent))
      .join('\n'),
  )
}
