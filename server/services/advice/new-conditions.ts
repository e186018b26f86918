import { inArray } from 'drizzle-orm'
import { type CheckedQuestionnaire, subconditionProblems } from '../../../contract/advice/check'
import type { NewAdviceCondition } from '../../../contract/advice/inputs'
import type { FieldError } from '../../../contract/errors'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { adviceConditions } from '../../db/schema'
import { takeVersions } from '../../db/versions'
import { fieldError } from '../../errors'

/*
 * Conditions made in a module's drawer (issue 21 #9): checked with the module and inserted in
 * its transaction, so a module the server refuses (a video address that is not YouTube or
 * Vimeo, an unknown group) leaves no condition behind, and a retry cannot make a second one.
 */

/** What is wrong with the new conditions, as field errors under `newConditions.<i>`. */
export async function newConditionProblems(
  tx: DbOrTx,
  list: NewAdviceCondition[],
  questionnaires: () => Promise<CheckedQuestionnaire[]>,
): Promise<FieldError[]> {
  if (!list.length) return []
  const problems: FieldError[] = []
  const checked = await questionnaires()
  list.forEach((c, i) => {
    for (const p of subconditionProblems(c.subconditions, checked))
      problems.push(
        fieldError(`newConditions.${i}.subconditions.${p.index}.${p.path}`, p.code, { number: String(p.index + 1) }),
      )
  })
  // An id already taken (in any organisation: ids are global) is not a new condition.
  const taken = await tx
    .select({ id: adviceConditions.id })
    .from(adviceConditions)
    .where(
      inArray(
        adviceConditions.id,
        list.map((c) => c.id),
      ),
    )
  const takenIds = new Set(taken.map((r) => r.id))
  list.forEach((c, i) => {
    if (takenIds.has(c.id)) problems.push(fieldError(`newConditions.${i}.id`, 'advice.condition'))
  })
  return problems
}

/** Inserts the new conditions the module uses, each with its own sync version. */
export async function insertNewConditions(
  tx: DbOrTx,
  caller: TenantCaller,
  salonId: string,
  list: NewAdviceCondition[],
): Promise<void> {
  if (!list.length) return
  const versions = await takeVersions(tx, caller.organisationId, list.length)
  await tx.insert(adviceConditions).values(
    list.map((c, i) => ({
      id: c.id,
      organisationId: caller.organisationId,
      salonId,
      name: c.name,
      subconditions: c.subconditions,
      version: versions[i],
    })),
  )
}

/** Only the new conditions the module names (one dropped from the list in the drawer is not made). */
export const usedNewConditions = (input: { conditionIds: string[]; newConditions: NewAdviceCondition[] }) =>
  input.newConditions.filter((c) => input.conditionIds.includes(c.id))
