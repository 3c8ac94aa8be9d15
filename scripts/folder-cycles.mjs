// Folder-level import graph of src/ from dpdm's JSON output (type-only imports included), and its
// cycles. Folders must import only downwards (docs/decisions/030-one-handle-and-downward-folders.md).
//   npx dpdm --no-warning --no-tree --no-circular -o /tmp/deps.json src/index.ts src/browser.ts \
//     src/cli/bin.ts src/cli/main.ts src/verify/index.ts src/vitest/index.ts src/inspector/page/main.ts
//   node scripts/folder-cycles.mjs /tmp/deps.json
// Prints each folder with the folders it imports, lowest first, and every cycle with the file
// imports that make it; exits 1 when there is one.
import { readFileSync } from 'node:fs'

const { tree } = JSON.parse(readFileSync(process.argv[2] ?? '/tmp/deps.json', 'utf8'))
const folderOf = (file) => /^src\/([^/]+)\//.exec(file ?? '')?.[1]
/** folder → folder it imports → the file imports behind that edge */
const graph = new Map()
for (const [from, imports] of Object.entries(tree)) {
  const a = folderOf(from)
  if (a === undefined) continue
  if (!graph.has(a)) graph.set(a, new Map())
  for (const { id } of imports ?? []) {
    const b = folderOf(id)
    if (b === undefined || b === a) continue
    const edges = graph.get(a)
    if (!edges.has(b)) edges.set(b, [])
    edges.get(b).push(`${from} -> ${id}`)
  }
}

// Tarjan's strongly connected components: they come out lowest first.
let counter = 0
const index = new Map()
const low = new Map()
const stack = []
const components = []
function visit(v) {
  index.set(v, counter)
  low.set(v, counter++)
  stack.push(v)
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)))
  }
  if (low.get(v) !== index.get(v)) return
  const component = []
  let w
  do {
    w = stack.pop()
    component.push(w)
  } while (w !== v)
  components.push(component)
}
for (const v of graph.keys()) if (!index.has(v)) visit(v)

let cycles = 0
for (const component of components) {
  if (component.length === 1) {
    console.log(`${component[0]} -> ${[...(graph.get(component[0])?.keys() ?? [])].sort().join(', ')}`)
    continue
  }
  cycles += 1
  console.log(`CYCLE among ${component.join(', ')}:`)
  for (const a of component) {
    for (const [b, files] of graph.get(a) ?? []) if (component.includes(b)) console.log(`  ${a} -> ${b}: ${files.join('; ')}`)
  }
}
process.exitCode = cycles === 0 ? 0 : 1
