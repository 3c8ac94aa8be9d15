/**
 * What the inspector's type filter offers: each registered type's name and label, in the list's
 * order. The inspector page imports this module; its bundle (scripts/bundle-inspector.mjs) gets
 * these values computed at build time from the built list, and none of the types' code (their
 * generators would bring faker's data into the page).
 */
import { TASK_TYPE_LIST } from './index.js'

export interface TaskTypeLabel {
  readonly name: string
  readonly label: string
}

export const TASK_TYPE_LABELS: readonly TaskTypeLabel[] = TASK_TYPE_LIST.map(({ name, label }) => ({ name, label }))
