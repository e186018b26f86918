import { uniqueViolation } from '../../db/errors'
import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type {
  Question,
  Questionnaire,
  ZCreateQuestionnaire,
  ZUpdateQuestionnaire,
} from '../../../contract/questionnaires'
import type { DbOrTx } from '../../db/client'
import { questionnaires } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { fieldError, idTaken, validationError } from '../../errors'
import { authorizeInBranch, employeeIdOf, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { audit } from '../audit'
import { loadQuestionnaire } from './read'
import { toQuestionnaire } from './serialize'

/**
 * An uploaded image must be this organisation's own (the contract checks the shape; another
 * organisation's file would not even load for this organisation's customers).
 */
function assertOwnImages(organisationId: string, questions: Question[] | undefined) {
  const fields = (questions ?? []).flatMap((q, i) =>
    q.image && !q.image.startsWith('icons/') && !q.image.startsWith(`${organisationId}/`)
      ? [fieldError(`questions.${i}.image`, 'questionnaire.imageSource')]
      : [],
  )
  if (fields.length) throw validationError(fields)
}

/** Create (manageQuestionnaires in the branch of the path). The whole questionnaire is one row. */
export async function createQuestionnaire(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  input: z.output<typeof ZCreateQuestionnaire>
}): Promise<Questionnaire> {
  const { caller, input } = opts
  await authorizeInBranch(opts.db, caller, 'questionnaires.manage', opts.salonId)
  assertOwnImages(caller.organisationId, input.questions)
  const { id: givenId, ...fields } = input
  const id = givenId ?? uuidv7()
  return opts.db.transaction(async (tx) => {
    const version = await nextVersion(tx, caller.organisationId)
    try {
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(questionnaires)
          .values({ ...fields, id, organisationId: caller.organisationId, managedByProvider: false, version })
          .returning(),
      )
      await audit(tx, {
        organisationId: caller.organisationId,
        actorKind: 'employee',
        actorId: employeeIdOf(caller),
        event: 'questionnaireCreate',
        salonId: opts.salonId,
        data: { questionnaireId: id, name: fields.name },
      })
      return toQuestionnaire(row)
    } catch (err) {
      if (uniqueViolation(err)) throw idTaken()
      throw err
    }
  })
}

/**
 * Update the given fields; `questions` replaces the whole ordered list. Provider-managed
 * questionnaires are the organisation's copies, so they may be edited too.
 */
export async function updateQuestionnaire(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  id: string
  patch: z.output<typeof ZUpdateQuestionnaire>
}): Promise<Questionnaire> {
  const { caller } = opts
  await authorizeInBranch(opts.db, caller, 'questionnaires.manage', opts.salonId)
  assertOwnImages(caller.organisationId, opts.patch.questions)
  return opts.db.transaction(async (tx) => {
    await loadQuestionnaire(tx, caller, opts.id)
    const version = await nextVersion(tx, caller.organisationId)
    const [row] = await tx
      .update(questionnaires)
      .set({ ...opts.patch, version, updatedAt: new Date() })
      .where(tenant(questionnaires, caller, eq(questionnaires.id, opts.id)))
      .returning()
    await audit(tx, {
      organisationId: caller.organisationId,
      actorKind: 'employee',
      actorId: employeeIdOf(caller),
      event: 'questionnaireUpdate',
      salonId: opts.salonId,
      data: { questionnaireId: opts.id, name: row.name, fields: Object.keys(opts.patch) },
    })
    return toQuestionnaire(row)
  })
}
