import { MUTATIONS, type MutationName } from '../../contract/sync'
import { ApiError } from '../api/errors'
import { zodFieldErrors } from '../api/field-issues'
import { LOCAL_PHOTO } from './photos'

/*
 * Issue 21 #8: nothing is queued that the server's push would refuse for its shape. Every outbox
 * entry is made by `entry()` (outbox.ts), which checks its args here with the mutation's own
 * contract schema (contract/sync.ts MUTATIONS, what push.ts parses), before the local write's
 * transaction commits. A form on the form engine shows the refusal on its fields, with the
 * contract's message (the same VALIDATION_FAILED shape as a server answer); nothing is stored.
 */

/** A photo still on the device, as the schema will see it once the sync engine uploaded it. */
const UPLOADED_STAND_IN = '00000000-0000-0000-0000-000000000000/images/on-device.jpg'

/** The args with on-device photo references standing in for their future storage paths. */
function asSent(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(LOCAL_PHOTO) ? UPLOADED_STAND_IN : value
  if (Array.isArray(value)) return value.map(asSent)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asSent(v)]))
  return value
}

/** Refused on the device: a VALIDATION_FAILED whose field messages are the contract's. */
export class NotQueued extends ApiError {
  constructor(
    readonly mutation: MutationName,
    readonly fields: Record<string, string>,
  ) {
    super(
      400,
      'VALIDATION_FAILED',
      `${mutation}: not queued, its args fail the contract (${Object.keys(fields).join(', ')})`,
    )
  }
  override get fieldErrors(): Record<string, string> {
    return this.fields
  }
}

/** Throws NotQueued when `args` fail mutation `name`'s contract schema. */
export function assertQueueable(name: MutationName, args: unknown): void {
  const parsed = MUTATIONS[name].args.safeParse(asSent(args))
  if (!parsed.success) throw new NotQueued(name, zodFieldErrors(parsed.error))
}
