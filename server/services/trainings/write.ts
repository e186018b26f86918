import { uniqueViolation } from '../../db/errors'
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { AuditEvent } from '../../../contract/audit'
import type { TrainingCourse, TrainingCourseFull, TrainingModule } from '../../../contract/trainings'
import type { TrainingCourseInput, TrainingModuleInput, TrainingSegmentInput } from '../../../contract/trainings/inputs'
import type { Db, DbOrTx } from '../../db/client'
import { trainingCourses, trainingModules, trainingSegments } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { storageUrl } from '../../integrations/storage'
import { sanitizeRichText } from '../../lib/rich-text'
import { audit, auditEmployee } from '../audit'
import { reversionOwners } from '../paid-courses/access'
import { assertFullOrder, courseProblems, moduleProblems } from './checks'
import { fullCourses, liveCourses, liveModules, modulesOf } from './read'
import { toCourse } from './rows'
import { authorizeWrite, type CourseScope, inScope, ofKind, ownerOf } from './scope'

/*
 * Writing trainings (manageTrainings) and user manuals (global admins), issue 24. Every write runs
 * in one transaction; a training's write takes the organisation's next sync version for the course
 * (a module or segment change re-versions its course: the replica holds a course whole). Manuals
 * have no organisation, so no sync version; a paid course's change re-versions it for the
 * organisations that own it (their replicas hold it). Deletes are soft. Each write is audited.
 */

type Write = { db: Db; scope: CourseScope }

/** The next sync version of the owner (0 for the platform's courses, which have no counter of their own). */
const versionOf = (tx: DbOrTx, scope: CourseScope) => {
  const org = ownerOf(scope)
  return org ? nextVersion(tx, org) : Promise.resolve(0)
}

/**
 * A paid course changed (issue 24): each organisation that owns it takes a new sync version for
 * it (paid-courses/access.ts), so its employees' replicas pull the course again, or its tombstone.
 */
const ownersFollow = (tx: DbOrTx, scope: CourseScope, courseId: string) =>
  scope.kind === 'paid' ? reversionOwners(tx, courseId) : Promise.resolve()

async function auditWrite(tx: DbOrTx, scope: CourseScope, event: AuditEvent, data: Record<string, unknown>) {
  const caller = scope.caller
  if (scope.kind === 'training') return auditEmployee(tx, caller, { event, data: { kind: scope.kind, ...data } })
  if (caller.kind !== 'globalAdmin') return
  await audit(tx, {
    organisationId: null,
    actorKind: 'globalAdmin',
    actorId: caller.adminId,
    event,
    data: { kind: scope.kind, ...data },
  })
}

/** A write: the caller may write this scope, then `write` in one transaction. */
async function scopeWrite<T>(opts: Write, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  authorizeWrite(opts.scope)
  return opts.db.transaction(async (tx) => write(tx))
}

async function courseOf(db: DbOrTx, scope: CourseScope, id: string) {
  const [row] = await db
    .select()
    .from(trainingCourses)
    .where(inScope(trainingCourses, scope, ofKind(trainingCourses, scope), eq(trainingCourses.id, id)))
  if (!row) throw new AppError('TRAINING_COURSE_NOT_FOUND')
  return row
}

async function moduleOf(db: DbOrTx, scope: CourseScope, courseId: string, id: string) {
  const [row] = await db
    .select()
    .from(trainingModules)
    .where(inScope(trainingModules, scope, eq(trainingModules.courseId, courseId), eq(trainingModules.id, id)))
  if (!row) throw new AppError('TRAINING_MODULE_NOT_FOUND')
  return row
}

/** The course changed: a new sync version (replicas pull it again) and its updated time. */
async function touchCourse(tx: DbOrTx, scope: CourseScope, courseId: string) {
  await tx
    .update(trainingCourses)
    .set({ version: await versionOf(tx, scope), updatedAt: new Date() })
    .where(eq(trainingCourses.id, courseId))
  await ownersFollow(tx, scope, courseId)
}

const courseColumns = (scope: CourseScope, input: TrainingCourseInput) => ({
  title: input.title,
  titleEn: input.titleEn,
  description: input.description,
  descriptionEn: input.descriptionEn,
  inOrder: input.inOrder,
  roleIds: scope.kind === 'training' ? [...new Set(input.roleIds)] : [],
  priceCents: scope.kind === 'paid' ? (input.priceCents ?? 0) : null,
})

async function courseAnswer(db: DbOrTx, scope: CourseScope, id: string): Promise<TrainingCourseFull> {
  const [full] = await fullCourses(db, scope, [await courseOf(db, scope, id)])
  return full
}

export async function createCourse(opts: Write & { input: TrainingCourseInput }): Promise<TrainingCourseFull> {
  const { db, scope, input } = opts
  const id = uuidv7()
  await scopeWrite(opts, async (tx) => {
    await courseProblems(tx, scope, input)
    const live = await liveCourses(tx, scope)
    await tx.insert(trainingCourses).values({
      id,
      organisationId: ownerOf(scope),
      kind: scope.kind,
      ...courseColumns(scope, input),
      position: live.length ? Math.max(...live.map((c) => c.position)) + 1 : 0,
      version: await versionOf(tx, scope),
    })
    await auditWrite(tx, scope, 'trainingCourseCreate', { courseId: id, title: input.title })
  })
  return courseAnswer(db, scope, id)
}

export async function updateCourse(opts: Write & { id: string; input: TrainingCourseInput }) {
  const { db, scope, id, input } = opts
  await scopeWrite(opts, async (tx) => {
    await courseOf(tx, scope, id)
    await courseProblems(tx, scope, input)
    await tx
      .update(trainingCourses)
      .set({ ...courseColumns(scope, input), version: await versionOf(tx, scope), updatedAt: new Date() })
      .where(eq(trainingCourses.id, id))
    await ownersFollow(tx, scope, id)
    await auditWrite(tx, scope, 'trainingCourseUpdate', { courseId: id, title: input.title })
  })
  return courseAnswer(db, scope, id)
}

export async function deleteCourse(opts: Write & { id: string }): Promise<void> {
  const { scope, id } = opts
  await scopeWrite(opts, async (tx) => {
    const course = await courseOf(tx, scope, id)
    await tx
      .update(trainingCourses)
      .set({ deletedAt: new Date(), version: await versionOf(tx, scope) })
      .where(eq(trainingCourses.id, id))
    await ownersFollow(tx, scope, id)
    await auditWrite(tx, scope, 'trainingCourseDelete', { courseId: id, title: course.title })
  })
}

/** The full order of the scope's courses; a list that is not exactly them changes nothing (400). */
export async function reorderCourses(opts: Write & { ids: string[] }): Promise<TrainingCourse[]> {
  const { db, scope, ids } = opts
  await scopeWrite(opts, async (tx) => {
    const live = await liveCourses(tx, scope)
    assertFullOrder(
      ids,
      live.map((c) => c.id),
    )
    const at = new Map(live.map((c) => [c.id, c.position]))
    for (const [position, id] of ids.entries()) {
      if (at.get(id) === position) continue
      await tx
        .update(trainingCourses)
        .set({ position, version: await versionOf(tx, scope), updatedAt: new Date() })
        .where(eq(trainingCourses.id, id))
      await ownersFollow(tx, scope, id)
    }
    await auditWrite(tx, scope, 'trainingCoursesReorder', { courseIds: ids })
  })
  return (await liveCourses(db, scope)).map(toCourse)
}

// Modules (with their segments)

function segmentColumns(scope: CourseScope, s: TrainingSegmentInput) {
  const url = (path: string) => storageUrl(path)
  return {
    kind: s.kind,
    slug: s.slug,
    title: s.title,
    titleEn: s.titleEn,
    text: sanitizeRichText(s.text),
    textEn: s.textEn === null ? null : sanitizeRichText(s.textEn),
    audio: s.audio ? { path: s.audio.path, url: url(s.audio.path), durationSeconds: s.audio.durationSeconds } : null,
    pdf: s.pdf ? { path: s.pdf.path, url: url(s.pdf.path), name: s.pdf.name } : null,
    videoUrl: s.videoUrl,
    // A preview is a paid course's (shown before the course is owned); never a training's or manual's.
    preview: scope.kind === 'paid' ? s.preview : false,
  }
}

/**
 * Stores the module's segment list as given: segments named by id are changed in place (progress
 * in them survives), new ones made, and the module's live segments the list leaves out removed.
 */
async function saveSegments(
  tx: DbOrTx,
  scope: CourseScope,
  courseId: string,
  moduleId: string,
  segments: TrainingSegmentInput[],
) {
  const now = new Date()
  const kept = segments.flatMap((s) => (s.id ? [s.id] : []))
  await tx
    .update(trainingSegments)
    .set({ deletedAt: now })
    .where(
      and(
        eq(trainingSegments.moduleId, moduleId),
        isNull(trainingSegments.deletedAt),
        kept.length ? notInArray(trainingSegments.id, kept) : undefined,
      ),
    )
  for (const [position, s] of segments.entries()) {
    const values = { ...segmentColumns(scope, s), position, updatedAt: now }
    if (s.id) await tx.update(trainingSegments).set(values).where(eq(trainingSegments.id, s.id))
    else
      await tx
        .insert(trainingSegments)
        .values({ id: uuidv7(), organisationId: ownerOf(scope), courseId, moduleId, ...values })
  }
}

/** A manual key taken meanwhile (the unique index): the same answer as the check's. */
const slugTaken = (err: unknown) =>
  uniqueViolation(err) === 'training_segments_manual_slug_uq'
    ? validationError([fieldError('segments', 'training.slugTaken')])
    : err

async function moduleAnswer(db: DbOrTx, scope: CourseScope, courseId: string, id: string): Promise<TrainingModule> {
  const modules = await modulesOf(db, scope, await courseOf(db, scope, courseId))
  const module = modules.find((m) => m.id === id)
  if (!module) throw new AppError('TRAINING_MODULE_NOT_FOUND')
  return module
}

export async function createModule(
  opts: Write & { courseId: string; input: TrainingModuleInput },
): Promise<TrainingModule> {
  const { db, scope, courseId, input } = opts
  const id = uuidv7()
  await scopeWrite(opts, async (tx) => {
    await courseOf(tx, scope, courseId)
    await moduleProblems(tx, scope, input, new Set(), null)
    const live = await liveModules(tx, scope, [courseId])
    await tx.insert(trainingModules).values({
      id,
      organisationId: ownerOf(scope),
      courseId,
      title: input.title,
      titleEn: input.titleEn,
      position: live.length ? Math.max(...live.map((m) => m.position)) + 1 : 0,
    })
    await saveSegments(tx, scope, courseId, id, input.segments)
    await touchCourse(tx, scope, courseId)
    await auditWrite(tx, scope, 'trainingModuleCreate', { courseId, moduleId: id, title: input.title })
  }).catch((err) => {
    throw slugTaken(err)
  })
  return moduleAnswer(db, scope, courseId, id)
}

export async function updateModule(
  opts: Write & { courseId: string; id: string; input: TrainingModuleInput },
): Promise<TrainingModule> {
  const { db, scope, courseId, id, input } = opts
  await scopeWrite(opts, async (tx) => {
    await courseOf(tx, scope, courseId)
    await moduleOf(tx, scope, courseId, id)
    const existing = await tx
      .select({ id: trainingSegments.id })
      .from(trainingSegments)
      .where(inScope(trainingSegments, scope, eq(trainingSegments.moduleId, id)))
    await moduleProblems(tx, scope, input, new Set(existing.map((s) => s.id)), id)
    await tx
      .update(trainingModules)
      .set({ title: input.title, titleEn: input.titleEn, updatedAt: new Date() })
      .where(eq(trainingModules.id, id))
    await saveSegments(tx, scope, courseId, id, input.segments)
    await touchCourse(tx, scope, courseId)
    await auditWrite(tx, scope, 'trainingModuleUpdate', { courseId, moduleId: id, title: input.title })
  }).catch((err) => {
    throw slugTaken(err)
  })
  return moduleAnswer(db, scope, courseId, id)
}

export async function deleteModule(opts: Write & { courseId: string; id: string }): Promise<void> {
  const { scope, courseId, id } = opts
  await scopeWrite(opts, async (tx) => {
    await courseOf(tx, scope, courseId)
    const module = await moduleOf(tx, scope, courseId, id)
    const now = new Date()
    await tx.update(trainingModules).set({ deletedAt: now }).where(eq(trainingModules.id, id))
    await tx
      .update(trainingSegments)
      .set({ deletedAt: now })
      .where(and(eq(trainingSegments.moduleId, id), isNull(trainingSegments.deletedAt)))
    await touchCourse(tx, scope, courseId)
    await auditWrite(tx, scope, 'trainingModuleDelete', { courseId, moduleId: id, title: module.title })
  })
}

export async function reorderModules(opts: Write & { courseId: string; ids: string[] }): Promise<TrainingModule[]> {
  const { db, scope, courseId, ids } = opts
  await scopeWrite(opts, async (tx) => {
    await courseOf(tx, scope, courseId)
    const live = await liveModules(tx, scope, [courseId])
    assertFullOrder(
      ids,
      live.map((m) => m.id),
    )
    for (const [position, id] of ids.entries())
      await tx
        .update(trainingModules)
        .set({ position })
        .where(and(eq(trainingModules.id, id), inArray(trainingModules.courseId, [courseId])))
    await touchCourse(tx, scope, courseId)
    await auditWrite(tx, scope, 'trainingModulesReorder', { courseId, moduleIds: ids })
  })
  return modulesOf(db, scope, await courseOf(db, scope, courseId))
}
