/**
 * Rule names a user gives on a command line (`run --ignore-rules`): comma-separated, repeatable,
 * checked against the report's rules so a misspelt name is a mistake said at once, not a rule
 * silently left in force.
 */
import { REPORT_RULES, type ReportRule } from '../domain/report-rules.js'
import { closest, quoteList } from '../scenario/suggest.js'

export type RuleList = { ok: true; rules: ReportRule[] } | { ok: false; message: string }

const isRule = (name: string): name is ReportRule => (REPORT_RULES as readonly string[]).includes(name)

/** `['a,b', 'c']` → the rules a, b, c (each once, in order), or the first name that is no rule. */
export function parseRuleList(lists: readonly string[], flag = '--ignore-rules'): RuleList {
  const rules: ReportRule[] = []
  for (const name of lists.flatMap((list) => list.split(',')).map((part) => part.trim())) {
    if (name === '') continue
    if (!isRule(name)) {
      const near = closest(name, REPORT_RULES)
      const hint = near === undefined ? `the rules are ${quoteList(REPORT_RULES)}` : `did you mean ${JSON.stringify(near)}?`
      return { ok: false, message: `${flag}: unknown rule ${JSON.stringify(name)}; ${hint}` }
    }
    if (!rules.includes(name)) rules.push(name)
  }
  return { ok: true, rules }
}
