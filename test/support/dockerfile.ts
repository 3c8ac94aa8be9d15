/**
 * The settings of the Dockerfile's last stage (the image a user runs): its variables, its entry
 * point, the port it exposes, and the folder the package is installed under. `npm test` starts no
 * container (.ci/container.sh builds and runs the image), so tests start the fake with these
 * settings instead.
 */
import { readFileSync } from 'node:fs'
import { REPO } from './doc-blocks.js'

export interface ImageSettings {
  env: Record<string, string>
  entrypoint: string[]
  exposed: string
  /** Where the image installs the package (the entry point's folder). */
  home: string
}

export function imageSettings(): ImageSettings {
  const text = readFileSync(`${REPO}Dockerfile`, 'utf8').replace(/\\\n/g, ' ')
  const runtime = text.slice(text.lastIndexOf('\nFROM '))
  const one = (name: string): string => {
    const found = new RegExp(`^${name} (.*)$`, 'm').exec(runtime)
    if (found === null) throw new Error(`the Dockerfile's last stage has no ${name}`)
    return found[1]!
  }
  const env = Object.fromEntries([...one('ENV').matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]))
  const entrypoint = JSON.parse(one('ENTRYPOINT')) as string[]
  return { env, entrypoint, exposed: one('EXPOSE'), home: /^(\/\S+?)\/node_modules\//.exec(entrypoint.at(-1)!)![1]! }
}
