import type { z } from 'zod'
import { MUTATIONS, type MutationName } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import type { Scope } from '../../scope'
import { createCustomer, resolveConflict, updateCustomer } from '../customers'
import { createSubmission, updateAnswer } from '../submissions'

type Runner<K extends MutationName> = (o: {
  scope: Scope
  db: DbOrTx
  args: z.output<(typeof MUTATIONS)[K]>
}) => Promise<unknown>

/**
 * Each synced mutation runs the same service function as its REST endpoint, so offline and
 * online writes follow one set of rules. A new synced kind: add its schema to contract MUTATIONS
 * and its runner here (the type below insists on both).
 */
export const RUNNERS: { [K in MutationName]: Runner<K> } = {
  'customer.create': async ({ scope, db, args }) => (await createCustomer({ scope, db, input: args })).customer,
  'customer.update': ({ scope, db, args }) =>
    updateCustomer({ scope, db, id: args.id, changes: args.changes, base: args.base }),
  'customerConflict.resolve': ({ scope, db, args }) => resolveConflict({ scope, db, id: args.id }),
  'questionnaireSubmission.create': async ({ scope, db, args }) => {
    const { salonId, ...input } = args
    const actor = { kind: 'employee' as const, organisationId: scope.organisationId, scope }
    return (await createSubmission({ db, actor, salonId, input })).submission
  },
  'questionnaireSubmission.updateAnswer': ({ scope, db, args }) =>
    updateAnswer({
      db,
      actor: { kind: 'employee', organisationId: scope.organisationId, scope },
      salonId: args.salonId,
      id: args.id,
      change: { questionId: args.questionId, value: args.value },
    }),
}

export async function runMutation(name: MutationName, o: { scope: Scope; db: DbOrTx; args: unknown }) {
  const runner = RUNNERS[name] as Runner<MutationName>
  return runner(o as Parameters<Runner<MutationName>>[0])
}

export const argsSchema = (name: MutationName) => MUTATIONS[name] as z.ZodType
