import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { VatDecision } from '../../../contract/subscriptions'
import type { DbOrTx } from '../../db/client'
import { vatChecks } from '../../db/schema'
import type { VatCheck, VatCheckResult } from '../../integrations/vat-check'
import { normaliseVatNumber } from '../../integrations/vat-check'
import { countryCode, isEuMemberState } from '../../integrations/vat-check/countries'

export { createVatCheck, type VatCheck } from '../../integrations/vat-check'

/*
 * The VAT on a payment (README "VAT", research §2.3, §7 B4), decided when the payment is made and
 * stored with it:
 * - nl: a Dutch organisation pays 21%;
 * - reverseCharge: another member state with a number VIES says is valid: 0%, "btw verlegd",
 *   with the check kept as proof (vat_checks, and status/date/consultation in the decision);
 * - euUnverified: another member state without a number, or one VIES calls invalid or cannot
 *   check now: 21% — charging Dutch VAT is what the law asks of a supply to an unverified buyer;
 * - outsideEu: 0%, outside the scope of Dutch VAT.
 * A country we cannot recognise from the organisation's free text is charged 21% (euUnverified):
 * undercharging VAT would leave us owing it, overcharging is corrected by a credit note.
 */

/** The Dutch standard rate in basis points (21%). */
export const NL_VAT_RATE_BASIS_POINTS = 2100

/**
 * A verdict of VIES is reused for this long for the same organisation and number, so that the
 * purchase screen (which asks for the VAT on every open) does not ask VIES each time; an
 * `unavailable` answer is never reused: the next payment asks again.
 */
export const VAT_CHECK_REUSE_MS = 24 * 3_600_000

export async function decideVat(opts: {
  db: DbOrTx
  organisation: { id: string; country: string; vatNumber: string }
  vatCheck: VatCheck
  now: Date
}): Promise<VatDecision> {
  const { db, organisation, vatCheck, now } = opts
  const iso = countryCode(organisation.country)
  const country = iso ?? organisation.country.trim()
  const q = normaliseVatNumber(iso ?? organisation.country, organisation.vatNumber)
  // The number as it appears on the invoice: with its (VIES) country prefix, compact.
  const vatNumber = q.vatNumber ? `${q.countryCode}${q.vatNumber}` : ''
  const decision = (rule: VatDecision['rule'], check: VatDecision['check'] = null): VatDecision => ({
    rule,
    rateBasisPoints: rule === 'nl' || rule === 'euUnverified' ? NL_VAT_RATE_BASIS_POINTS : 0,
    reverseCharge: rule === 'reverseCharge',
    vatNumber,
    country,
    check,
  })

  if (iso === 'NL') return decision('nl')
  if (iso === null) return decision('euUnverified')
  if (!isEuMemberState(iso)) return decision('outsideEu')
  if (!q.vatNumber) return decision('euUnverified')

  const result = (await recentVerdict(db, organisation.id, vatNumber, now)) ?? (await askAndStore())
  const check = {
    status: result.status,
    checkedAt: result.checkedAt.toISOString(),
    consultationNumber: result.consultationNumber,
  }
  return decision(result.status === 'valid' ? 'reverseCharge' : 'euUnverified', check)

  async function askAndStore(): Promise<VatCheckResult> {
    const answer = await vatCheck.check(iso!, vatNumber)
    await db.insert(vatChecks).values({
      id: uuidv7(),
      organisationId: organisation.id,
      vatNumber,
      country: iso!,
      status: answer.status,
      name: answer.name,
      address: answer.address,
      consultationNumber: answer.consultationNumber,
      checkedAt: answer.checkedAt,
    })
    return answer
  }
}

/** The newest valid or invalid check of this number younger than VAT_CHECK_REUSE_MS. */
async function recentVerdict(db: DbOrTx, organisationId: string, vatNumber: string, now: Date) {
  const [row] = await db
    .select()
    .from(vatChecks)
    .where(
      and(
        eq(vatChecks.organisationId, organisationId),
        eq(vatChecks.vatNumber, vatNumber),
        inArray(vatChecks.status, ['valid', 'invalid']),
        gte(vatChecks.checkedAt, new Date(now.getTime() - VAT_CHECK_REUSE_MS)),
      ),
    )
    .orderBy(desc(vatChecks.checkedAt))
    .limit(1)
  return row && row.checkedAt <= now ? row : null
}
