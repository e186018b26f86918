import { and, inArray, isNull, ne } from 'drizzle-orm'
import type { FieldError } from '../../../contract/errors'
import type { TrainingCourseInput, TrainingModuleInput } from '../../../contract/trainings/inputs'
import type { DbOrTx } from '../../db/client'
import { roles, trainingSegments } from '../../db/schema'
import { fieldError, validationError } from '../../errors'
import { tenant } from '../../scope'
import { type CourseScope, ownerOf } from './scope'

/*
 * What the trainings and manual inputs need the database for (issue 24): roles of the
 * organisation, uploads under the owner's storage, segment ids of the module itself, manual keys
 * free. Each refusal is VALIDATION_FAILED naming the field; nothing is written.
 */

/** Where the owner's uploads live: `<org>/…`, or `global/…` for the platform's (global uploads). */
const uploadPath = (scope: CourseScope, folder: 'audio' | 'pdf', ext: 'mp3' | 'pdf') =>
  new RegExp(`^${ownerOf(scope) ?? 'global'}/${folder}/[A-Za-z0-9_-]{1,100}\\.${ext}$`)

export async function courseProblems(db: DbOrTx, scope: CourseScope, input: TrainingCourseInput) {
  if (scope.kind !== 'training' || !input.roleIds.length) return
  const ids = [...new Set(input.roleIds)]
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(tenant(roles, scope.caller, inArray(roles.id, ids)))
  const known = new Set(found.map((r) => r.id))
  const problems = input.roleIds.flatMap((id, i) =>
    known.has(id) ? [] : [fieldError(`roleIds.${i}`, 'training.role')],
  )
  if (problems.length) throw validationError(problems)
}

/**
 * A module's segments: uploads are the owner's, an `id` is a live segment of this module (once),
 * a manual's keys are unique among the live manual segments of other modules and in the list.
 */
export async function moduleProblems(
  db: DbOrTx,
  scope: CourseScope,
  input: TrainingModuleInput,
  existing: ReadonlySet<string>,
  moduleId: string | null,
) {
  const problems: FieldError[] = []
  const audio = uploadPath(scope, 'audio', 'mp3')
  const pdf = uploadPath(scope, 'pdf', 'pdf')
  const ids = new Set<string>()
  const slugs = new Set<string>()
  input.segments.forEach((s, i) => {
    if (s.audio && !audio.test(s.audio.path)) problems.push(fieldError(`segments.${i}.audio`, 'training.audio'))
    if (s.pdf && !pdf.test(s.pdf.path)) problems.push(fieldError(`segments.${i}.pdf`, 'training.pdf'))
    if (s.id && (!existing.has(s.id) || ids.has(s.id)))
      problems.push(fieldError(`segments.${i}.id`, 'training.segment'))
    if (s.id) ids.add(s.id)
    if (scope.kind === 'manual' && s.slug) {
      if (slugs.has(s.slug)) problems.push(fieldError(`segments.${i}.slug`, 'training.slugTaken'))
      slugs.add(s.slug)
    }
  })
  if (slugs.size) {
    const taken = await db
      .select({ slug: trainingSegments.slug })
      .from(trainingSegments)
      .where(
        and(
          isNull(trainingSegments.organisationId),
          isNull(trainingSegments.deletedAt),
          inArray(trainingSegments.slug, [...slugs]),
          moduleId ? ne(trainingSegments.moduleId, moduleId) : undefined,
        ),
      )
    const used = new Set(taken.map((t) => t.slug))
    input.segments.forEach((s, i) => {
      if (s.slug && used.has(s.slug)) problems.push(fieldError(`segments.${i}.slug`, 'training.slugTaken'))
    })
  }
  if (problems.length) throw validationError(problems)
}

/**
 * A reorder names every live item exactly once: an id that is not one of them (another
 * organisation's, deleted, made up), one given twice, or one left out is refused, naming it.
 */
export function assertFullOrder(ids: string[], live: readonly string[]) {
  const known = new Set(live)
  const seen = new Set<string>()
  const problems: FieldError[] = []
  ids.forEach((id, i) => {
    if (!known.has(id)) problems.push(fieldError(`ids.${i}`, 'training.orderUnknown'))
    else if (seen.has(id)) problems.push(fieldError(`ids.${i}`, 'training.orderDuplicate'))
    seen.add(id)
  })
  if (live.some((id) => !seen.has(id))) problems.push(fieldError('ids', 'training.orderMissing'))
  if (problems.length) throw validationError(problems)
}
