import Dexie from 'dexie'
import { useSyncExternalStore } from 'react'
import type { EmployeeMe } from '../../../contract/auth'
import { closeReplica, openReplica, replicaName } from '../../local-db/db'
import type { OutboxEntry } from '../../local-db/types'
import { forgetCurrentSalon, storedCurrentSalonId } from '../shell/current-salon'

/*
 * Issue 9: an employee whose role in a branch was taken away (or whose branch was removed) keeps
 * nothing of that branch on the device. Whenever the employee's branches are known afresh
 * (`/employees/me`: at start, back online, and when the sync feed says the grants changed or the
 * branch refused the replica), every local replica of this employee for a branch they no longer
 * hold is deleted — the branch's customers, questionnaires and submissions with it.
 *
 * Unsent work in such a replica can no longer be sent (the server refuses that branch to this
 * person). It is deleted with the rest, but never silently: the notice lists each change by what
 * it was and whom it was about, so the employee can pass it on to a colleague who still works
 * there. The list lives in localStorage only until the employee closes the notice.
 */

/** One unsent change that was dropped: its mutation name and the customer it was about, if known. */
export type DroppedChange = { name: string; about: string }
export type LostBranchNotice = {
  salonId: string
  salonName: string
  /** Every unsent change of the replica (at most `LISTED` listed; `unsentCount` is the total). */
  unsent: DroppedChange[]
  unsentCount: number
  at: string
}

/** Enough to say what was lost; a very long outbox is summarised by its count. */
const LISTED = 20

const key = (employeeId: string) => `lostBranchNotices:${employeeId}`
const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; value: LostBranchNotice[] }>()
const emit = () => {
  for (const l of listeners) l()
}

export function lostBranchNotices(employeeId: string): LostBranchNotice[] {
  const raw = localStorage.getItem(key(employeeId))
  const hit = cache.get(employeeId)
  if (hit && hit.raw === raw) return hit.value
  let value: LostBranchNotice[] = []
  try {
    value = raw ? (JSON.parse(raw) as LostBranchNotice[]) : []
  } catch {
    value = []
  }
  cache.set(employeeId, { raw, value })
  return value
}

function saveNotices(employeeId: string, notices: LostBranchNotice[]) {
  if (notices.length) localStorage.setItem(key(employeeId), JSON.stringify(notices))
  else localStorage.removeItem(key(employeeId))
  emit()
}

/** One notice per branch: a second tab dropping the same replica does not say it twice. */
function addNotice(employeeId: string, notice: LostBranchNotice) {
  const rest = lostBranchNotices(employeeId).filter((n) => n.salonId !== notice.salonId)
  saveNotices(employeeId, [...rest, notice])
}

export function dismissLostBranchNotice(employeeId: string, salonId: string) {
  saveNotices(
    employeeId,
    lostBranchNotices(employeeId).filter((n) => n.salonId !== salonId),
  )
}

export function useLostBranchNotices(employeeId: string | undefined): LostBranchNotice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      globalThis.addEventListener('storage', l)
      return () => {
        listeners.delete(l)
        globalThis.removeEventListener('storage', l)
      }
    },
    () => (employeeId ? lostBranchNotices(employeeId) : NONE),
  )
}
const NONE: LostBranchNotice[] = []

/** The salon ids of this employee's local replicas (every staff replica name ends in the employee). */
async function localReplicaSalons(me: EmployeeMe): Promise<string[]> {
  // The name around the branch id, from the one function that makes replica names.
  const [prefix, suffix] = replicaName(me.organisationId, '\u0000', me.id).split('\u0000')
  const stored = storedCurrentSalonId(me.id)
  const found = new Set<string>(stored ? [stored] : [])
  // Not every browser lists its databases; then at least the branch last worked in is checked.
  const list = await indexedDB.databases?.().catch(() => [])
  for (const db of list ?? []) {
    const name = db.name ?? ''
    if (name.length > prefix.length + suffix.length && name.startsWith(prefix) && name.endsWith(suffix))
      found.add(name.slice(prefix.length, name.length - suffix.length))
  }
  return [...found]
}

/**
 * Issue 23: when a platform admin's impersonation ends, nothing of the organisation stays in the
 * admin's browser: every replica the session made (each branch switched to) is deleted, unsent
 * changes too (they could only be sent with the session that just ended).
 */
export async function dropEveryReplica(me: EmployeeMe): Promise<void> {
  for (const salonId of await localReplicaSalons(me)) {
    const name = replicaName(me.organisationId, salonId, me.id)
    forgetCurrentSalon(me.id, salonId)
    closeReplica(name)
    await Dexie.delete(name)
  }
}

/** The unsent changes of a replica about to be dropped, named by the customer they concern. */
async function describeOutbox(db: ReturnType<typeof openReplica>): Promise<{ list: DroppedChange[]; count: number }> {
  const entries: OutboxEntry[] = await db.outbox.orderBy('seq').toArray()
  const customerIdOf = (e: OutboxEntry) => {
    const args = e.args as { customerId?: unknown }
    return typeof args.customerId === 'string' ? args.customerId : e.entityId
  }
  const listed = entries.slice(0, LISTED)
  const customers = await db.customers.bulkGet(listed.map(customerIdOf))
  return {
    count: entries.length,
    list: listed.map((e, i) => ({ name: e.name, about: customers[i]?.fullName ?? '' })),
  }
}

/**
 * Deletes every local replica of `me` for a branch `me` no longer holds, each with a notice.
 * `knownNames`: branch names from earlier sessions, for a replica that never pulled its branch.
 * Serialised across tabs (Web Lock): the second tab finds the database already gone.
 */
export async function dropLostReplicas(me: EmployeeMe, knownNames: ReadonlyMap<string, string>): Promise<void> {
  const held = new Set(me.salons.map((s) => s.salonId))
  const run = async () => {
    for (const salonId of await localReplicaSalons(me)) {
      if (held.has(salonId)) continue
      const name = replicaName(me.organisationId, salonId, me.id)
      forgetCurrentSalon(me.id, salonId)
      if (!(await Dexie.exists(name))) continue
      const db = openReplica(name)
      // What it held must be read before it goes: if it cannot be, it stays for the next time.
      const read = await Promise.all([db.salons.get(salonId), describeOutbox(db)]).catch((e: unknown) => {
        console.warn('could not read the replica of a branch no longer held', e)
        return null
      })
      closeReplica(name)
      if (!read) continue
      const [salon, unsent] = read
      await Dexie.delete(name)
      addNotice(me.id, {
        salonId,
        salonName: salon?.name ?? knownNames.get(salonId) ?? '',
        unsent: unsent.list,
        unsentCount: unsent.count,
        at: new Date().toISOString(),
      })
    }
  }
  const locks = globalThis.navigator?.locks
  if (locks) await locks.request(`drop-replicas:${me.id}`, run)
  else await run()
}
