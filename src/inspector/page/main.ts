/**
 * The inspector page: a header that steers the fake, five panels (tasks, credits, requests,
 * report, scenario), and a poll of `/__admin` every second while the page is visible (decision
 * 025): the header, then the open panel. Every action redraws at once.
 */
import type { ClockView, Health } from '../../admin/operations.js'
import type { AccountView } from '../../admin/views.js'
import { AdminCallError, get, getPage } from './admin-client.js'
import { h } from './dom.js'
import { CreditsPanel } from './credits-panel.js'
import { ErrorList } from './error-list.js'
import { ReportPanel } from './report-panel.js'
import { RequestsPanel } from './requests-panel.js'
import { ScenarioPanel } from './scenario-panel.js'
import { SteeringBar } from './steering-bar.js'
import { TasksPanel } from './tasks-panel.js'

/** Once a second, or `?poll=MS` (100 to 60000) in the page's address: slower for a remote fake, faster for a test. */
const POLL_MS = Math.min(60_000, Math.max(100, Number(new URLSearchParams(location.search).get('poll') ?? 1000) || 1000))
const TABS = ['tasks', 'credits', 'requests', 'report', 'scenario'] as const
type Tab = (typeof TABS)[number]

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

const errors = new ErrorList()
const bar = new SteeringBar(refresh, report, (source) => errors.clear(source))
const tasks = new TasksPanel({ changed: refresh, report, openRequests })
const credits = new CreditsPanel({ changed: refresh, report, openTask })
const requests = new RequestsPanel(refresh, openTask, openFaultLine)
const violations = new ReportPanel(openTask, refresh)
const scenario = new ScenarioPanel(refresh)
const panels: Record<Tab, HTMLElement> = {
  tasks: tasks.element,
  credits: credits.element,
  requests: requests.element,
  report: violations.element,
  scenario: scenario.element,
}

function tab(): Tab {
  const name = location.hash.slice(1)
  return (TABS as readonly string[]).includes(name) ? (name as Tab) : 'tasks'
}

function openTask(taskId: string): void {
  tasks.select(taskId)
  location.hash = 'tasks'
}

function openFaultLine(line: number): void {
  location.hash = 'scenario'
  void scenario.showLine(line)
}

function openRequests(taskId: string): void {
  requests.filterTask(taskId)
  location.hash = 'requests'
}

let accounts: AccountView[] = []
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
  const open = tab()
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
}

document.body.append(
  bar.element,
  errors.element,
  h('nav', {}, ...TABS.map((name) => h('a', { href: `#${name}` }, name[0]!.toUpperCase() + name.slice(1)))),
  h('main', {}, ...TABS.map((name) => panels[name])),
)
window.addEventListener('hashchange', refresh)
setInterval(() => {
  if (document.visibilityState === 'visible') tick()
}, POLL_MS)
refresh()
