import type { z } from 'zod'
import { POLICY, type Caller, type Rule } from '../../../contract/policy'
import { MUTATIONS, type Mutation, type MutationDef, type MutationName } from '../../../contract/sync'
import type { DbOrTx } from '../../db/client'
import { AppError } from '../../errors'
import type { TenantCaller } from '../../auth/caller'
import type { PushOrigin } from './entity'
import type { Memo } from './memo'
import { RUNNERS } from './registry'

/**
 * A customer may push a mutation only when its policy action lets customers act (their own
 * submissions); anything else is FORBIDDEN. Staff are checked by the service itself, exactly as
 * on the REST endpoint.
 */
export function mayPush(caller: Caller, name: MutationName): boolean {
  return caller.kind !== 'customer' || (POLICY[MUTATIONS[name].action] as Rule).customer === true
}

/**
 * The args of a mutation in today's shape: as they are when written in this version, upgraded
 * when written in an older one the contract knows how to upgrade, else refused explicitly
 * (SCHEMA_VERSION_UNSUPPORTED, recorded): an old tablet's entry is never silently dropped.
 */
export function currentArgs(m: Mutation): unknown {
  const def: MutationDef = MUTATIONS[m.name]
  const v = m.v ?? 1
  if (v === def.version) return m.args
  if (v < def.version && def.upgrade) return def.upgrade(m.args, v)
  throw new AppError('SCHEMA_VERSION_UNSUPPORTED', { mutation: m.name, version: v, supported: def.version })
}

export const argsSchema = (name: MutationName): z.ZodTypeAny => MUTATIONS[name].args

type RunOptions = { caller: TenantCaller; db: DbOrTx; args: unknown; origin?: PushOrigin; memo: Memo }

export function runMutation(name: MutationName, o: RunOptions) {
  const runner = RUNNERS[name] as (o: RunOptions) => Promise<unknown>
  return runner(o)
}
