import { v7 as uuidv7 } from 'uuid'
import type { Answer, CreateSubmission } from '../../contract/questionnaires'
import type { MutationArgs } from '../../contract/sync'
import type { ReplicaDb } from './db'
import { entry, pingSync } from './outbox'
import { rebuildSubmissions } from './entities/questionnaire-submission'

/*
 * Local writes of questionnaire submissions: row + outbox entry in one Dexie transaction (see
 * mutations.ts). Submissions are append-only; the client UUID v7 is the server's idempotency key.
 */

const tables = (db: ReplicaDb) => [db.submissions, db.serverSubmissions, db.outbox] as const

export type SubmitInput = Omit<CreateSubmission, 'id'> & { id?: string; salonId: string }

/** Queues a filled questionnaire; returns the submission id (made here unless given). */
export async function submitQuestionnaire(db: ReplicaDb, input: SubmitInput): Promise<string> {
  const id = input.id ?? uuidv7()
  const args: MutationArgs<'questionnaireSubmission.create'> = { takenBy: 'customer', ...input, id }
  await db.transaction('rw', tables(db), async () => {
    // A second tap on "submit" with the same id must not queue the submission twice.
    if (await db.outbox.where('entityId').equals(id).count()) return
    if (await db.serverSubmissions.get(id)) return
    await db.outbox.add(entry('questionnaireSubmission.create', id, args))
    await rebuildSubmissions(db, [id])
  })
  pingSync(db)
  return id
}

/** Changes one answer of a submitted questionnaire (the server logs it as answerUpdated). */
export async function updateSubmissionAnswer(db: ReplicaDb, submissionId: string, answer: Answer) {
  await updateSubmissionAnswers(db, submissionId, [answer])
}

/**
 * Changes several answers at once (an edit that revealed more questions): one outbox entry each,
 * since the server takes one answer a call, written in one transaction so none is lost alone.
 */
export async function updateSubmissionAnswers(db: ReplicaDb, submissionId: string, answers: Answer[]) {
  await db.transaction('rw', tables(db), async () => {
    const row = await db.submissions.get(submissionId)
    if (!row) throw new Error(`submission ${submissionId} is not in the replica`)
    for (const answer of answers)
      await db.outbox.add(
        entry('questionnaireSubmission.updateAnswer', submissionId, {
          id: submissionId,
          salonId: row.salonId,
          questionId: answer.questionId,
          value: answer.value,
        }),
      )
    await rebuildSubmissions(db, [submissionId])
  })
  pingSync(db)
}
