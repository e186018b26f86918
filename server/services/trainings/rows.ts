import type {
  SegmentPdf,
  TrainingCourse,
  TrainingCourseFull,
  TrainingModule,
  TrainingProgress,
  TrainingSegment,
} from '../../../contract/trainings'
import type { AdviceAudio } from '../../../contract/advice'
import type { trainingCourses, trainingModules, trainingProgress, trainingSegments } from '../../db/schema'

/* Trainings rows as the API and the sync feed answer them (one serializer per table). */

export type CourseRow = typeof trainingCourses.$inferSelect
export type ModuleRow = typeof trainingModules.$inferSelect
export type SegmentRow = typeof trainingSegments.$inferSelect
export type ProgressRow = typeof trainingProgress.$inferSelect

export function toCourse(r: CourseRow): TrainingCourse {
  return {
    id: r.id,
    kind: r.kind as TrainingCourse['kind'],
    title: r.title,
    titleEn: r.titleEn,
    description: r.description,
    descriptionEn: r.descriptionEn,
    inOrder: r.inOrder,
    roleIds: r.roleIds,
    priceCents: r.priceCents,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}

/** A segment; `locked` leaves its content out (an "in order" course, previous one not completed). */
export function toSegment(r: SegmentRow, locked = false): TrainingSegment {
  return {
    id: r.id,
    moduleId: r.moduleId,
    kind: r.kind as TrainingSegment['kind'],
    slug: r.slug,
    title: r.title,
    titleEn: r.titleEn,
    text: locked ? '' : r.text,
    textEn: locked ? null : r.textEn,
    audio: locked ? null : ((r.audio as AdviceAudio | null) ?? null),
    pdf: locked ? null : ((r.pdf as SegmentPdf | null) ?? null),
    videoUrl: locked ? null : r.videoUrl,
    preview: r.preview,
    locked,
    position: r.position,
  }
}

export function toModule(r: ModuleRow, segments: SegmentRow[], locked: ReadonlySet<string>): TrainingModule {
  return {
    id: r.id,
    courseId: r.courseId,
    title: r.title,
    titleEn: r.titleEn,
    position: r.position,
    segments: segments.filter((s) => s.moduleId === r.id).map((s) => toSegment(s, locked.has(s.id))),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

export const toCourseFull = (
  r: CourseRow,
  modules: ModuleRow[],
  segments: SegmentRow[],
  locked: ReadonlySet<string>,
): TrainingCourseFull => ({
  ...toCourse(r),
  modules: modules.filter((m) => m.courseId === r.id).map((m) => toModule(m, segments, locked)),
})

export function toProgress(r: ProgressRow): TrainingProgress {
  return {
    id: r.id,
    employeeId: r.employeeId,
    courseId: r.courseId,
    segmentId: r.segmentId,
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
    positionSeconds: r.positionSeconds,
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  }
}
