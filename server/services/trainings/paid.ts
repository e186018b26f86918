import type { PaidCourseOffer, TrainingModule, TrainingSegment } from '../../../contract/trainings'
import type { TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { getCourse, getSegment, liveCourses, ownedCourses } from './read'
import { toCourse } from './rows'
import { paidScope } from './scope'

/*
 * The platform's paid courses as an organisation sees them (issue 24): the catalogue with whether
 * the organisation owns each and its price without and with the organisation's VAT (billing's VAT
 * decision, given by the route), the modules (content only once owned, but preview segments) and
 * one segment (403 PAID_COURSE_NOT_OWNED while not owned, but a preview). Buying is
 * services/paid-courses; owned courses also reach the replica (feed.ts).
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

/** `GET …/paid-courses/{id}/segments/{segmentId}`: a preview, or any once owned (read.ts openSegment). */
export async function paidCourseSegment(o: {
  db: DbOrTx
  caller: TenantCaller
  id: string
  segmentId: string
}): Promise<TrainingSegment> {
  return getSegment({ db: o.db, scope: paidScope(o.caller), id: o.id, segmentId: o.segmentId })
}
