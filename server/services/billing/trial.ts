import { v7 as uuidv7 } from 'uuid'
import { TRIAL_DAYS } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { subscriptions } from '../../db/schema'
import { findOptionByCode, TRIAL_OPTION_CODE } from './plans'

const DAY_MS = 86_400_000

/**
 * README "Trial": a new organisation starts with TRIAL_DAYS of the middle plan, nothing to pay
 * and nothing renewed (auto-extend off: buying is the owner's choice). Called in the sign-up's
 * transaction, so an organisation never exists without it.
 */
export async function startTrial(db: DbOrTx, organisationId: string, now: Date) {
  const option = await findOptionByCode(db, TRIAL_OPTION_CODE)
  if (!option) throw new Error(`the trial plan ${TRIAL_OPTION_CODE} is missing (migration 0018_billing_plans)`)
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: uuidv7(),
      organisationId,
      optionId: option.id,
      period: 'monthly',
      status: 'active',
      trial: true,
      validFrom: now,
      validTo: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      autoExtend: false,
    })
    .returning()
  return row
}
