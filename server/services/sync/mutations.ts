import type { z } from 'zod'
import { MUTATIONS, type MutationName } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import type { TenantCaller } from '../../auth/caller'
import { createCustomer, resolveConflict, updateCustomer } from '../customers'
import { createSubmission, updateAnswer } from '../submissions'

/**
 * Who pushes: staff (their permissions per branch) or a signed-in customer, whose customer-area
 * outbox may only create their own submissions and change answers of them.
 */
export type SyncScope = TenantCaller

/** What a customer's outbox may carry; anything else is refused with FORBIDDEN. */
export const CUSTOMER_MUTATIONS: ReadonlySet<MutationName> = new Set([
  'questionnaireSubmission.create',
  'questionnaireSubmission.updateAnswer',
])

type Runner<K extends MutationName> = (o: {
  scope: SyncScope
  db: DbOrTx
  args: z.output<(typeof MUTATIONS)[K]>
}) => Promise<unknown>

/**
 * Each synced mutation runs the same service function as its REST endpoint, so offline and
 * online writes follow one set of rules. A new synced kind: add its schema to contract MUTATIONS
 * and its runner here (the type below insists on both).
 */
export const RUNNERS: { [K in MutationName]: Runner<K> } = {
  'customer.create': async ({ scope, db, args }) => (await createCustomer({ caller: scope, db, input: args })).customer,
  'customer.update': ({ scope, db, args }) =>
    updateCustomer({ caller: scope, db, id: args.id, changes: args.changes, base: args.base }),
  'customerConflict.resolve': ({ scope, db, args }) => resolveConflict({ caller: scope, db, id: args.id }),
  'questionnaireSubmission.create': async ({ scope, db, args }) => {
    const { salonId, ...input } = args
    // A customer's actor: createSubmission accepts their own customer id only and records takenBy customer.
    return (await createSubmission({ db, caller: scope, salonId, input })).submission
  },
  // A customer's actor finds only their own submissions (anything else is NOT_FOUND).
  'questionnaireSubmission.updateAnswer': ({ scope, db, args }) =>
    updateAnswer({
      db,
      caller: scope,
      salonId: args.salonId,
      id: args.id,
      change: { questionId: args.questionId, value: args.value },
    }),
}

export async function runMutation(name: MutationName, o: { scope: SyncScope; db: DbOrTx; args: unknown }) {
  const runner = RUNNERS[name] as Runner<MutationName>
  return runner(o as Parameters<Runner<MutationName>>[0])
}

export const argsSchema = (name: MutationName) => MUTATIONS[name] as z.ZodType
