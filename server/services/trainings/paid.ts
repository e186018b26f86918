import type { PaidCourseOffer, TrainingModule } from '../../../contract/trainings'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { getCourse, liveCourses, ownedCourses } from './read'
import { toCourse } from './rows'
import { paidScope } from './scope'

/*
 * The platform's paid courses as an organisation sees them (issue 24): the catalogue with whether
 * the organisation owns each and its price without and with the organisation's VAT (billing's VAT
 * decision, given by the route), and the modules (content only once owned, but preview segments).
 * Buying (payment through the payment port, discount codes, the webhook granting access) is later.
 */

/** A price with VAT, rounded to the cent. */
export const withVat = (cents: number, rateBasisPoints: number) =>
  Math.round((cents * (10_000 + rateBasisPoints)) / 10_000)

export async function listPaidCourses(o: {
  db: DbOrTx
  caller: TenantCaller
  vatRateBasisPoints: number
}): Promise<PaidCourseOffer[]> {
  const courses = await liveCourses(o.db, paidScope(o.caller))
  const owned = new Set(
    await ownedCourses(
      o.db,
      o.caller.organisationId,
      courses.map((c) => c.id),
    ),
  )
  return courses.map((c) => ({
    ...toCourse(c),
    owned: owned.has(c.id),
    priceExVatCents: c.priceCents ?? 0,
    priceIncVatCents: withVat(c.priceCents ?? 0, o.vatRateBasisPoints),
    vatRateBasisPoints: o.vatRateBasisPoints,
  }))
}

export async function paidCourseModules(o: {
  db: DbOrTx
  caller: TenantCaller
  id: string
}): Promise<TrainingModule[]> {
  return (await getCourse({ db: o.db, scope: paidScope(o.caller), id: o.id })).modules
}
