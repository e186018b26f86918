import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { customers } from '../../db/schema'
import { authorize, type TenantCaller } from '../../auth/caller'
import { tenant } from '../../scope'
import { roomFor } from '../billing/limits'

/**
 * Which of these e-mails already belong to a customer of the organisation (any branch: e-mail is
 * unique per organisation, so those rows would be skipped). The same fact GET /customers/email
 * tells one address at a time; here for the dry run, up to 1,000 per call. With a customer limit
 * in the plan, also the room left under it (issue 22).
 */
export async function checkImportEmails(opts: {
  caller: TenantCaller
  db: DbOrTx
  emails: string[]
}): Promise<{ existing: string[]; room?: number }> {
  authorize(opts.caller, 'customers.import')
  const emails = [...new Set(opts.emails)]
  const rows = await opts.db
    .select({ email: customers.email })
    .from(customers)
    .where(tenant(customers, opts.caller, inArray(customers.email, emails)))
  // With a customer limit: the room left, so the whole import is refused up front when it does not fit.
  const room = await roomFor(opts.db, opts.caller.organisationId, 'customers')
  return { existing: rows.map((r) => r.email), ...(room === null ? {} : { room }) }
}
