import Dexie, { type Table } from 'dexie'
import type { KioskVerifier } from '../../../contract/kiosk'
import { setKioskMark } from './kiosk-mark'
import type { Lockout } from './lockout'

/**
 * A hand-over in progress. Kept in IndexedDB so a reload, a crash or a closed tab brings the
 * tablet back into the questionnaire (filling) or the hand-back screen (handBack), never to the
 * staff screens. The submission id is made at hand-over so a second submit cannot queue twice.
 */
export type KioskSession = {
  key: 'active'
  stage: 'filling' | 'handBack'
  slug: string
  orgId: string
  salonId: string
  employeeId: string
  customerId: string
  /** The questionnaire filled in (empty for a consent form). */
  questionnaireId: string
  /** The outbox entity the hand-back waits for: the submission, or the customer document signed. */
  submissionId: string
  startedAt: string
  /** What the customer fills in: a questionnaire (absent: older hand-overs) or a consent form (issue 12). */
  kind?: 'questionnaire' | 'consent'
  /** The consent form handed over: its document and the version shown (from the replica). */
  documentId?: string
  versionId?: string
  /** True when the customer document is made by this hand-over (the form was never sent to them). */
  handOver?: boolean
}

/** Offline verifiers of one employee's password (made at sign-in); the PIN's comes with the session. */
export type KioskSecret = { employeeId: string; password: KioskVerifier }
export type LockoutRow = Lockout & { employeeId: string }
type MetaRow = { key: string; value: string }

class KioskDb extends Dexie {
  session!: Table<KioskSession, string>
  secrets!: Table<KioskSecret, string>
  lockouts!: Table<LockoutRow, string>
  meta!: Table<MetaRow, string>
  constructor() {
    super('kiosk')
    this.version(1).stores({ session: 'key', secrets: 'employeeId', lockouts: 'employeeId', meta: 'key' })
  }
}

let db: KioskDb | null = null
export const kioskDb = () => {
  db ??= new KioskDb()
  return db
}

export async function startKiosk(s: Omit<KioskSession, 'key' | 'stage' | 'startedAt'>) {
  setKioskMark(s.slug)
  await kioskDb().session.put({ ...s, key: 'active', stage: 'filling', startedAt: new Date().toISOString() })
}

export async function toHandBack() {
  await kioskDb().session.update('active', { stage: 'handBack' })
}

export async function endKiosk() {
  await kioskDb().session.delete('active')
  setKioskMark(null)
}

/** Signing out leaves no verifier of that person on a shared tablet. */
export async function forgetEmployeeSecrets(employeeId: string) {
  await kioskDb().secrets.delete(employeeId)
}
