import { and, asc, eq, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { DbOrTx, Tx } from '../../db/client'
import { paidCourseAccess } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { audit } from '../audit'

/*
 * An organisation's access to a paid course (README "Owning a course"): one row per organisation
 * and course, granted when a payment for it is paid and revoked by a refund or chargeback, each
 * time with the organisation's next sync version so the trainings feed sends the course to the
 * organisation's employees (or its tombstone). Both run inside the transaction that applies the
 * payment, which holds the organisation's row lock (billing/apply.ts).
 */

type Grant = { organisationId: string; courseId: string; paymentId: string; actorId: string | null; now: Date }

/**
 * Grants the course (once: already granted and not revoked changes nothing, so a replayed webhook
 * takes no new version). A course revoked before and bought again is granted anew.
 */
export async function grantCourse(tx: Tx, g: Grant): Promise<boolean> {
  const [current] = await tx
    .select()
    .from(paidCourseAccess)
    .where(and(eq(paidCourseAccess.organisationId, g.organisationId), eq(paidCourseAccess.courseId, g.courseId)))
    .for('update')
  if (current && !current.revokedAt) return false
  const version = await nextVersion(tx, g.organisationId)
  const values = { paymentId: g.paymentId, grantedAt: g.now, revokedAt: null, version }
  if (current) await tx.update(paidCourseAccess).set(values).where(eq(paidCourseAccess.id, current.id))
  else
    await tx
      .insert(paidCourseAccess)
      .values({ id: uuidv7(), organisationId: g.organisationId, courseId: g.courseId, ...values })
  await audit(tx, {
    organisationId: g.organisationId,
    actorKind: g.actorId ? 'employee' : 'system',
    actorId: g.actorId,
    event: 'paidCourseAccessGrant',
    data: { courseId: g.courseId, paymentId: g.paymentId },
  })
  return true
}

/**
 * Takes the course back after its payment was refunded or charged back: only the access that
 * payment granted (a later purchase of the same course keeps its own), once.
 */
export async function revokeCourse(
  tx: Tx,
  r: { organisationId: string; courseId: string; paymentId: string; reason: 'refund' | 'chargeback'; now: Date },
): Promise<boolean> {
  const [current] = await tx
    .select()
    .from(paidCourseAccess)
    .where(
      and(
        eq(paidCourseAccess.organisationId, r.organisationId),
        eq(paidCourseAccess.courseId, r.courseId),
        eq(paidCourseAccess.paymentId, r.paymentId),
        isNull(paidCourseAccess.revokedAt),
      ),
    )
    .for('update')
  if (!current) return false
  await tx
    .update(paidCourseAccess)
    .set({ revokedAt: r.now, version: await nextVersion(tx, r.organisationId) })
    .where(eq(paidCourseAccess.id, current.id))
  await audit(tx, {
    organisationId: r.organisationId,
    actorKind: 'system',
    actorId: null,
    event: 'paidCourseAccessRevoke',
    data: { courseId: r.courseId, paymentId: r.paymentId, reason: r.reason },
  })
  return true
}

/**
 * The platform changed a paid course (its details, order, modules, segments, or removed it): every
 * organisation that owns it takes a new sync version for its access, so their employees' replicas
 * pull the course again (or its tombstone). Organisations in id order, one lock at a time.
 */
export async function reversionOwners(tx: DbOrTx, courseId: string): Promise<void> {
  const owners = await tx
    .select({ id: paidCourseAccess.id, organisationId: paidCourseAccess.organisationId })
    .from(paidCourseAccess)
    .where(and(eq(paidCourseAccess.courseId, courseId), isNull(paidCourseAccess.revokedAt)))
    .orderBy(asc(paidCourseAccess.organisationId))
  for (const o of owners)
    await tx
      .update(paidCourseAccess)
      .set({ version: await nextVersion(tx, o.organisationId) })
      .where(eq(paidCourseAccess.id, o.id))
}
