import type { TrainingCourseFull, TrainingModule, TrainingProgress, TrainingSegment } from '../../../contract/trainings'

/*
 * What the Blueprint screens show of an employee's progress in a course (issue 24), computed from
 * the replica's course and this employee's progress rows (unsent progress already replayed on
 * them), so a step shows at once, offline too.
 */

type Progress = Pick<TrainingProgress, 'segmentId' | 'startedAt' | 'completedAt' | 'positionSeconds'>

/**
 * - `done`: completed (the only thing that counts towards the course);
 * - `started`: opened (or audio played) but not completed;
 * - `new`: not opened yet;
 * - `locked`: an "in order" course's segment whose previous segment is not completed yet.
 */
export type SegmentState = 'done' | 'started' | 'new' | 'locked'

export type OutlineItem = {
  segment: TrainingSegment
  module: TrainingModule
  /** Place in the whole course (modules, then segments), from 0. */
  index: number
  state: SegmentState
  progress: Progress | undefined
  /**
   * Open here but its content has not reached this device yet: the server sends a locked
   * segment's content only once the completion before it reached the server (needs a sync).
   */
  awaitingContent: boolean
}

export type CourseOutline = { items: OutlineItem[]; done: number; total: number }

export const isDone = (p: Progress | undefined) => !!p?.completedAt

/** The course's segments in order (modules by position, then segments by position), as the server orders them. */
export function orderedSegments(course: TrainingCourseFull): { segment: TrainingSegment; module: TrainingModule }[] {
  const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
    a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return [...course.modules]
    .sort(byPosition)
    .flatMap((module) => [...module.segments].sort(byPosition).map((segment) => ({ segment, module })))
}

/**
 * Every segment with its state. `lockInOrder`: apply the course's "in order" rule (the server
 * does not lock those who write trainings, so neither does the screen for them); the lock follows
 * this device's progress at once, so completing a segment opens the next one without waiting for
 * the server.
 */
export function courseOutline(
  course: TrainingCourseFull,
  progress: ReadonlyMap<string, Progress>,
  lockInOrder: boolean,
): CourseOutline {
  const sequential = course.inOrder && lockInOrder
  const items: OutlineItem[] = []
  let previousDone = true
  for (const [index, { segment, module }] of orderedSegments(course).entries()) {
    const p = progress.get(segment.id)
    const locked = sequential && index > 0 && !previousDone
    const state: SegmentState = locked ? 'locked' : isDone(p) ? 'done' : p?.startedAt ? 'started' : 'new'
    items.push({ segment, module, index, state, progress: p, awaitingContent: !locked && segment.locked })
    previousDone = isDone(p)
  }
  return { items, done: items.filter((i) => i.state === 'done').length, total: items.length }
}

/**
 * Where "Continue" opens: the first segment started and not finished, else the first one not
 * done that is open, else (all done) the first one. null for a course without segments.
 */
export function resumeItem(outline: CourseOutline): OutlineItem | null {
  const open = outline.items.filter((i) => i.state !== 'locked')
  return open.find((i) => i.state === 'started') ?? open.find((i) => i.state === 'new') ?? outline.items[0] ?? null
}

/**
 * Where the audio player starts: the saved position (to the second), unless the segment is
 * done or the position is at the very end (then from the start, as a replay).
 */
export function resumeSeconds(p: Progress | undefined, durationSeconds: number | null): number {
  if (!p || isDone(p)) return 0
  const at = Math.max(0, Math.floor(p.positionSeconds))
  if (durationSeconds !== null && durationSeconds > 0 && at >= Math.floor(durationSeconds) - 1) return 0
  return at
}

/** Whether a playing audio's position is worth saving: at least `every` seconds further than the last save. */
export const shouldSavePosition = (seconds: number, lastSaved: number, every = 5) =>
  Math.floor(seconds) >= lastSaved + every

/** Percentage of the course done, whole numbers (0 for an empty course). */
export const percentDone = (o: Pick<CourseOutline, 'done' | 'total'>) =>
  o.total === 0 ? 0 : Math.round((o.done / o.total) * 100)
