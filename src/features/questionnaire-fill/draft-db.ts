import Dexie, { type Table } from 'dexie'
import type { AnswerValue, Questionnaire } from '../../../contract/questionnaires'

/** Answers given so far, kept per questionnaire + customer so a reload or a closed tab resumes. */
export type Draft = { key: string; answers: Record<string, AnswerValue>; section: number; updatedAt: string }

/** A submission the customer area could not send yet (no replica there): retried on reconnect. */
export type QueuedSubmission = {
  id: string
  url: string
  body: Record<string, unknown>
  customerId: string
  createdAt: string
}

/**
 * The customer area's small device store: drafts, the questionnaires once opened (so filling
 * continues offline) and submissions waiting for a connection. Staff screens use the replica.
 */
class FillDb extends Dexie {
  drafts!: Table<Draft, string>
  questionnaires!: Table<Questionnaire, string>
  queued!: Table<QueuedSubmission, string>
  constructor() {
    super('questionnaire-fill')
    this.version(1).stores({ drafts: 'key', questionnaires: 'id', queued: 'id, customerId' })
  }
}

let db: FillDb | null = null
export const fillDb = () => {
  db ??= new FillDb()
  return db
}

export const draftKey = (questionnaireId: string, customerId: string) => `${questionnaireId}:${customerId}`
