/** Small DOM helpers: elements from data, text only (never HTML strings), and time formatting. */

type Child = Node | string | number | null | undefined | false
type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>

/** `h('button', { class: 'x', onclick: go }, 'Go')`. Strings become text nodes, so nothing a server sends is parsed as HTML. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value)
    else if (value === true) element.setAttribute(name, '')
    else if (name === 'value' && 'value' in element) (element as HTMLInputElement).value = String(value)
    else element.setAttribute(name, String(value))
  }
  append(element, children)
  return element
}

const SVG_NS = 'http://www.w3.org/2000/svg'

export function svg(tag: string, attributes: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const element = document.createElementNS(SVG_NS, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value))
  append(element, children)
  return element
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)))
  }
}

/** Replaces what `container` shows, only when `key` (a digest of the data) changed: open menus, focus and playing audio survive a poll that brought nothing new. */
export function show(container: HTMLElement, key: string, render: () => Child | Child[]): void {
  if (container.dataset['key'] === key) return
  container.dataset['key'] = key
  const made = render()
  container.replaceChildren()
  append(container, Array.isArray(made) ? made : [made])
}

/** `00:05:30.000` of an ISO instant (the fake's clock usually starts at midnight). */
export const clockTime = (instant: string): string => instant.slice(11, 23)

/** `4m 30s`, `1.5s`, `2h 3m`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))}s`
  const seconds = Math.round(ms / 1000)
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m${seconds % 60 === 0 ? '' : ` ${seconds % 60}s`}`
  return `${Math.floor(seconds / 3600)}h${Math.floor((seconds % 3600) / 60) === 0 ? '' : ` ${Math.floor((seconds % 3600) / 60)}m`}`
}

export const shortId = (id: string): string => (id.length > 13 ? `${id.slice(0, 8)}…` : id)

export function field(label: string, control: HTMLElement): HTMLLabelElement {
  return h('label', { class: 'field' }, h('span', {}, label), control)
}
