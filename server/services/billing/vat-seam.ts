import { phoneRegion } from '../../../contract/phone'
import type { VatDecision } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import type { organisations } from '../../db/schema'

/*
 * SEAM (issue 22, until the VAT engineer's server/services/billing/vat.ts is merged): the VAT
 * decision of a payment. Only the Dutch case is decided here (21%); every other country is
 * charged 21% as "euUnverified" too, which is what the real decision falls back to when the
 * VAT-number check is unavailable. Replace every import of this file with `decideVat` from
 * './vat' once it lands (`git merge main`), then delete this file.
 */
export async function decideVat(opts: {
  db: DbOrTx
  organisation: typeof organisations.$inferSelect
  now: Date
}): Promise<VatDecision> {
  const { organisation } = opts
  const country = phoneRegion(organisation.country)
  return {
    rule: country === 'NL' ? 'nl' : 'euUnverified',
    rateBasisPoints: 2100,
    reverseCharge: false,
    vatNumber: organisation.vatNumber,
    country,
    check: null,
  }
}
