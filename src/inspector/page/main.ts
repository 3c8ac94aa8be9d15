/**
 * The inspector page: a header that steers the fake, seven panels (tasks, credits, requests,
 * report, faults and rules with their counters, scenario, runs), and a poll of `/__admin` every second while the page is visible
 * (decision 025): the header, then the open panel. Every action redraws at once. What is shown is
 * the page's address (address.ts): a link to it opens the same view.
 */
import type { ClockView, Health } from '../../admin/operations.js'
import type { AccountView } from '../../admin/views.js'
import { parseView, TABS, viewHash, type Tab, type View } from './address.js'
import { AdminCallError, get, getPage, inWorld } from './admin-client.js'
import { h } from './dom.js'
import { CountersPanel } from './counters-panel.js'
import { CreditsPanel } from './credits-panel.js'
import { ErrorList } from './error-list.js'
import { ReportPanel } from './report-panel.js'
import { RequestsPanel } from './requests-panel.js'
import { RunsPanel } from './runs-panel.js'
import { ScenarioPanel } from './scenario-panel.js'
import { SteeringBar } from './steering-bar.js'
import { TasksPanel } from './tasks-panel.js'

/** Once a second, or `?poll=MS` (100 to 60000) in the page's address: slower for a remote fake, faster for a test. */
const POLL_MS = Math.min(60_000, Math.max(100, Number(new URLSearchParams(location.search).get('poll') ?? 1000) || 1000))

let running: Promise<void> | null = null
let again = false

/** An error that stays until dismissed or until its source succeeds (error-list.ts); the poll's own clears itself. */
function report(error: unknown, source = 'action'): void {
  const message = error instanceof Error ? error.message : String(error)
  const hint =
    error instanceof AdminCallError && (error.status === 401 || error.status === 403)
      ? ' — open /__inspector/#token=YOUR_ADMIN_TOKEN to give the page the admin token'
      : ''
  errors.add(source, `${message}${hint}`)
  if (source === 'poll') bar.state('not updated: see the error above', true)
}

/** Set by every action, filter and tab change: the next update redraws whatever it shows. */
let dirty = true

/** Redraws now; a call while one runs makes one more run after it (never two at once). */
function refresh(): void {
  dirty = true
  tick()
}

function tick(): void {
  if (running !== null) {
    again = true
    return
  }
  running = update()
    .then(
      () => {
        errors.clear('poll')
        bar.state(`live · updated ${new Date().toLocaleTimeString()}`)
      },
      (error) => report(error, 'poll'),
    )
    .finally(() => {
      running = null
      if (again) {
        again = false
        tick()
      }
    })
}

let accounts: AccountView[] = []
/** Copies of a request go where this world answers; a key in clear only for a key with an account. */
const links = {
  openTask,
  openFaultLine,
  base: `${location.origin}${inWorld('')}`,
  keyOf: (label: string) => accounts.find((account) => account.label === label)?.api_key,
}

const errors = new ErrorList()
const bar = new SteeringBar(refresh, report, (source) => errors.clear(source))
const tasks = new TasksPanel({ changed: follow, report, openRequests })
const credits = new CreditsPanel({ changed: follow, report, openTask })
const requests = new RequestsPanel({ ...links, changed: follow })
const violations = new ReportPanel({ ...links, changed: follow })
const counters = new CountersPanel({ openLine: openFaultLine })
const scenario = new ScenarioPanel(refresh)
const runs = new RunsPanel(report)
const panels: Record<Tab, HTMLElement> = {
  tasks: tasks.element,
  credits: credits.element,
  requests: requests.element,
  report: violations.element,
  faults: counters.element,
  scenario: scenario.element,
  runs: runs.element,
}

/** The tabs' names in the nav. */
const LABELS: Record<Tab, string> = {
  tasks: 'Tasks',
  credits: 'Credits',
  requests: 'Requests',
  report: 'Report',
  faults: 'Faults & rules',
  scenario: 'Scenario',
  runs: 'Runs',
}

/** The view the address names. */
let view: View = parseView(location.hash)

/** Hands each panel what the address says it shows. */
function apply(next: View): void {
  view = next
  if (next.tab === 'tasks') tasks.show(next.id, next.params)
  else if (next.tab === 'credits') credits.show(next.id)
  else if (next.tab === 'requests') requests.show(next.id, next.params)
  else if (next.tab === 'report') violations.show(next.id, next.params)
  else if (next.tab === 'faults') counters.show(next.id)
  else if (next.tab === 'scenario' && next.id !== null && /^\d+$/.test(next.id)) void scenario.showLine(Number(next.id))
}

/** The address follows what the open panel shows (a new history entry when the thing shown changed, not for a filter). */
function follow(): void {
  const shown =
    view.tab === 'tasks'
      ? tasks.view()
      : view.tab === 'credits'
        ? credits.view()
        : view.tab === 'requests'
          ? requests.view()
          : view.tab === 'report'
            ? violations.view()
            : view.tab === 'faults'
              ? counters.view()
              : { id: view.id, params: {} }
  const next: View = { tab: view.tab, ...shown }
  const hash = viewHash(next)
  if (hash !== location.hash) {
    if (next.id !== view.id) history.pushState(null, '', hash)
    else history.replaceState(null, '', hash)
  }
  view = next
  refresh()
}

/** Opens another view, as a link to it would. */
function go(next: View): void {
  apply(next)
  history.pushState(null, '', viewHash(next))
  refresh()
}

function openTask(taskId: string): void {
  go({ tab: 'tasks', id: taskId, params: {} })
}

function openFaultLine(line: number): void {
  go({ tab: 'scenario', id: String(line), params: {} })
}

function openRequests(taskId: string): void {
  go({ tab: 'requests', id: null, params: { task: taskId } })
}

/** What the last update saw of the fake: when it has not moved, the journal and the report have not changed. */
let seen = ''
let accountsAt = 0
let accountCount = -1

async function update(): Promise<void> {
  const forced = dirty
  dirty = false
  const [health, clock, worlds] = await Promise.all([
    get<Health>('/__admin/health'),
    get<ClockView>('/__admin/clock'),
    // A fake without named worlds (createApp) has no list: the picker then offers the default world only.
    get<{ worlds: Array<{ name: string }> }>('/__admin/worlds').catch((error: unknown) => {
      if (error instanceof AdminCallError && error.status === 404) return { worlds: [] }
      throw error
    }),
  ])
  bar.worlds(worlds.worlds.map((world) => world.name))
  const stamp = JSON.stringify([health.scenario, health.accounts, health.tasks, health.journal.recorded, clock.now])
  const moved = stamp !== seen
  seen = stamp
  const open = view.tab
  // The account list carries every credit event: read it for the credits tab, and for the key
  // filter only when the accounts changed or every 10 s.
  if (open === 'credits' || forced || health.accounts !== accountCount || Date.now() - accountsAt > 10_000) {
    accounts = (await getPage<AccountView>('/__admin/accounts', {}, 0, 1000)).items
    accountsAt = Date.now()
    accountCount = health.accounts
  }
  bar.render(health, clock)
  tasks.accounts(accounts)
  const now = Date.parse(clock.now)
  for (const name of TABS) {
    panels[name].hidden = name !== open
    document.querySelector(`nav a[href="#${name}"]`)?.classList.toggle('active', name === open)
  }
  // Tasks and credits also change without a request (a force by a script): read them every time.
  if (open === 'tasks') await tasks.refresh(now)
  else if (open === 'credits') await credits.refresh(accounts)
  else if (open === 'requests' && (forced || moved)) await requests.refresh()
  else if (open === 'report' && (forced || moved)) await violations.refresh()
  else if (open === 'faults' && (forced || moved)) await counters.refresh()
}

/** The page's address, for sharing: it holds what is shown and the world, never the admin token. */
async function copyLink(button: HTMLButtonElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(location.href)
    button.textContent = 'Link copied'
  } catch {
    prompt('Copy this link:', location.href)
  }
  setTimeout(() => (button.textContent = 'Copy link'), 2000)
}

const share = h('button', { class: 'share', 'data-action': 'copy-link', title: 'the address of what is shown (never the admin token)' }, 'Copy link')
share.addEventListener('click', () => void copyLink(share))
document.body.append(
  bar.element,
  errors.element,
  h('nav', {}, ...TABS.map((name) => h('a', { href: `#${name}` }, LABELS[name])), share),
  h('main', {}, ...TABS.map((name) => panels[name])),
)
apply(view)
// A link followed, the back button, an address typed: the view it names.
const navigated = () => {
  apply(parseView(location.hash))
  refresh()
}
window.addEventListener('hashchange', navigated)
window.addEventListener('popstate', navigated)
setInterval(() => {
  if (document.visibilityState === 'visible') tick()
}, POLL_MS)
refresh()
