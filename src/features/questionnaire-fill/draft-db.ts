import Dexie, { type Table } from 'dexie'
import type { AnswerValue } from '../../../contract/questionnaires'

/**
 * Answers given so far, kept per questionnaire + customer so a reload or a closed tab resumes.
 * Image answers hold a local photo reference (local-db/photos.ts) while the photo is on the device.
 */
export type Draft = { key: string; answers: Record<string, AnswerValue>; section: number; updatedAt: string }

/**
 * Drafts of questionnaires being filled, for the customer area and the kiosk alike. What is
 * submitted goes into an outbox (the customer's local database or the staff replica), not here.
 */
class FillDb extends Dexie {
  drafts!: Table<Draft, string>
  constructor() {
    super('questionnaire-fill')
    this.version(1).stores({ drafts: 'key', questionnaires: 'id', queued: 'id, customerId' })
    // The customer area's own retry queue and questionnaire cache moved into its outbox database.
    this.version(2).stores({ questionnaires: null, queued: null })
  }
}

let db: FillDb | null = null
export const fillDb = () => {
  db ??= new FillDb()
  return db
}

export const draftKey = (questionnaireId: string, customerId: string) => `${questionnaireId}:${customerId}`
