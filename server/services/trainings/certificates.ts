import { randomInt } from 'node:crypto'
import { and, asc, count, eq, gt, isNotNull } from 'drizzle-orm'
import { allows, type EmployeeCaller } from '../../../contract/policy'
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  type CertificateVerification,
  type CourseKind,
  normaliseCertificateCode,
  type TrainingCertificate,
} from '../../../contract/trainings'
import { asEmployee, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { employees, organisations, trainingCertificates, trainingProgress } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError } from '../../errors'
import { tenant } from '../../scope'
import type { CourseRow, SegmentRow } from './rows'

/*
 * Certificates (issue 24; our addition to the spec, research §7 F4). Issued here, inside the
 * transaction of the progress write that completes a course (progress.ts), so a completion made
 * offline and pushed later issues it too, once. It is dated by the latest completion of the
 * course's live segments: each completion is already the corrected device time of when it
 * happened (`happenedFor`), so the date is when the employee really finished, however late or in
 * whatever order the steps arrived. Trainings get certificates, and paid courses will (their kind
 * is here already, the table needs no change); user manuals do not (nothing to certify).
 */

type CertificateRow = typeof trainingCertificates.$inferSelect

const CERTIFIED_KINDS: readonly CourseKind[] = ['training', 'paid']

const newCode = () =>
  Array.from(
    { length: CERTIFICATE_CODE_LENGTH },
    () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)],
  ).join('')

export const toCertificate = (r: CertificateRow): TrainingCertificate => ({
  id: r.id,
  employeeId: r.employeeId,
  courseId: r.courseId,
  courseTitle: r.courseTitle,
  courseTitleEn: r.courseTitleEn,
  employeeName: r.employeeName,
  issuedAt: r.issuedAt.toISOString(),
  code: r.code,
  version: r.version,
})

/**
 * After a progress write: when the employee has now completed every live segment of the course,
 * the certificate (once; a certificate already issued stays as it was, even if the course grows).
 * A code that collides with another (one in 8·10^14) fails the unique index, and so the write:
 * the tablet retries the push and a new code is drawn.
 */
export async function issueIfComplete(
  db: DbOrTx,
  caller: EmployeeCaller,
  course: CourseRow,
  segments: Pick<SegmentRow, 'id'>[],
) {
  if (!CERTIFIED_KINDS.includes(course.kind as CourseKind) || !segments.length) return
  const completed = and(
    eq(trainingProgress.employeeId, caller.employeeId),
    eq(trainingProgress.courseId, course.id),
    isNotNull(trainingProgress.completedAt),
  )
  // Counted first: each completion of a long course asks, and until the last one the answer is
  // "not yet" (fewer completions than live segments), without reading a row per segment each time.
  const [{ n }] = await db
    .select({ n: count() })
    .from(trainingProgress)
    .where(tenant(trainingProgress, caller, completed))
  if (n < segments.length) return
  const done = await db
    .select({ segmentId: trainingProgress.segmentId, completedAt: trainingProgress.completedAt })
    .from(trainingProgress)
    .where(tenant(trainingProgress, caller, completed))
  const completedAt = new Map(done.map((p) => [p.segmentId, p.completedAt!.getTime()]))
  if (!segments.every((s) => completedAt.has(s.id))) return
  const [issued] = await db
    .select({ id: trainingCertificates.id })
    .from(trainingCertificates)
    .where(
      tenant(
        trainingCertificates,
        caller,
        eq(trainingCertificates.employeeId, caller.employeeId),
        eq(trainingCertificates.courseId, course.id),
      ),
    )
  if (issued) return
  const [employee] = await db
    .select({ firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(eq(employees.id, caller.employeeId))
  await db
    .insert(trainingCertificates)
    .values({
      id: crypto.randomUUID(),
      organisationId: caller.organisationId,
      employeeId: caller.employeeId,
      courseId: course.id,
      courseTitle: course.title,
      courseTitleEn: course.titleEn,
      employeeName: `${employee.firstName} ${employee.lastName}`.trim(),
      issuedAt: new Date(Math.max(...segments.map((s) => completedAt.get(s.id)!))),
      code: newCode(),
      version: await nextVersion(db, caller.organisationId),
    })
    .onConflictDoNothing({ target: [trainingCertificates.employeeId, trainingCertificates.courseId] })
}

/** The caller's own certificates (GET …/trainings/certificates), oldest first. */
export async function listCertificates(o: { db: DbOrTx; caller: TenantCaller }): Promise<TrainingCertificate[]> {
  const caller = asEmployee(o.caller)
  const rows = await o.db
    .select()
    .from(trainingCertificates)
    .where(tenant(trainingCertificates, caller, eq(trainingCertificates.employeeId, caller.employeeId)))
    .orderBy(asc(trainingCertificates.issuedAt))
  return rows.map(toCertificate)
}

/** The sync feed: the reader's own certificates issued after `since`, in version order. */
export async function changedCertificates(db: DbOrTx, caller: TenantCaller, since: number, limit: number) {
  if (caller.kind !== 'employee') return []
  const rows = await db
    .select()
    .from(trainingCertificates)
    .where(
      tenant(
        trainingCertificates,
        caller,
        eq(trainingCertificates.employeeId, caller.employeeId),
        gt(trainingCertificates.version, since),
      ),
    )
    .orderBy(asc(trainingCertificates.version))
    .limit(limit)
  return rows.map((r) => ({
    entity: 'trainingCertificate' as const,
    version: r.version,
    deleted: false as const,
    row: toCertificate(r),
  }))
}

/**
 * A certificate to download: the employee's own, or any of the organisation's for those who manage
 * trainings; anyone else's (and another organisation's) is not found, never 403, so ids cannot be probed.
 * With what the PDF needs: the employee's language and the organisation's name.
 */
export async function certificateToDownload(o: { db: DbOrTx; caller: TenantCaller; id: string }) {
  const caller = asEmployee(o.caller)
  const [found] = await o.db
    .select({
      certificate: trainingCertificates,
      language: employees.language,
      organisationName: organisations.companyName,
    })
    .from(trainingCertificates)
    .innerJoin(employees, eq(employees.id, trainingCertificates.employeeId))
    .innerJoin(organisations, eq(organisations.id, trainingCertificates.organisationId))
    .where(tenant(trainingCertificates, caller, eq(trainingCertificates.id, o.id)))
  if (!found) throw new AppError('TRAINING_CERTIFICATE_NOT_FOUND')
  if (found.certificate.employeeId !== caller.employeeId && !allows(caller, 'trainings.manage'))
    throw new AppError('TRAINING_CERTIFICATE_NOT_FOUND')
  return { ...found, language: found.language === 'en' ? ('en' as const) : ('nl' as const) }
}

/** `GET /certificates/{code}` (public): only what the certificate itself shows; an unknown code is 404. */
export async function verifyCertificate(db: DbOrTx, typed: string): Promise<CertificateVerification> {
  const code = normaliseCertificateCode(typed)
  const [found] =
    code.length === CERTIFICATE_CODE_LENGTH
      ? await db
          .select({
            courseTitle: trainingCertificates.courseTitle,
            courseTitleEn: trainingCertificates.courseTitleEn,
            employeeName: trainingCertificates.employeeName,
            organisationName: organisations.companyName,
            issuedAt: trainingCertificates.issuedAt,
          })
          .from(trainingCertificates)
          .innerJoin(organisations, eq(organisations.id, trainingCertificates.organisationId))
          .where(eq(trainingCertificates.code, code))
      : []
  if (!found) throw new AppError('TRAINING_CERTIFICATE_NOT_FOUND')
  return { ...found, issuedAt: found.issuedAt.toISOString() }
}

/** Per employee, their certificate of this course (the owner's progress screen). */
export async function certificatesOfCourse(db: DbOrTx, caller: TenantCaller, courseId: string) {
  const rows = await db
    .select()
    .from(trainingCertificates)
    .where(tenant(trainingCertificates, caller, eq(trainingCertificates.courseId, courseId)))
  return new Map(rows.map((r) => [r.employeeId, { id: r.id, code: r.code, issuedAt: r.issuedAt.toISOString() }]))
}
