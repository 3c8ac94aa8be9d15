/**
 * Replaying the changes a world reported to its observer (`WorldChange`, world.ts): each at the
 * clock reading it was made at, through the world's own methods, so the replay makes the same
 * world. What the durable state mode's change log was read back with (decision 013).
 */
import type { World, WorldChange } from './world.js'

/** Replays `change` on `world`; false when it no longer applies (a key or task that is not there). */
export function replayChange(world: World, change: WorldChange): boolean {
  return world.replaying(change.at, () => {
    switch (change.op) {
      case 'add_account':
        return world.addAccount(change.apiKey, change.credits)
      case 'remove_account':
        return world.removeAccount(change.apiKey)
      case 'epoch':
        world.setEpoch(change.epoch)
        return true
      case 'fault':
        world.fault(change.request)
        return true
      case 'force':
        return world.force(change.taskId, change.status, change.error).ok
    }
    const account = world.account(change.apiKey)
    if (account === undefined) return false
    switch (change.op) {
      case 'top_up':
        world.topUp(account, change.credits)
        return true
      case 'create':
        return world.create(account, change.request).ok
      case 'read':
        return world.read(account, change.taskId) !== undefined
      case 'look':
        world.look(account)
        return true
      case 'admit':
        world.admit(change.apiKey, change.limit)
        return true
    }
  })
}
