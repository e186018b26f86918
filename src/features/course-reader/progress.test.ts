import { describe, expect, it } from 'vitest'
import type { TrainingCourseFull, TrainingSegment } from '../../../contract/trainings'
import { courseOutline, percentDone, resumeItem, resumeSeconds, shouldSavePosition } from './progress'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

function segment(n: number, moduleId: string, position: number, over: Partial<TrainingSegment> = {}): TrainingSegment {
  return {
    id: uuid(n),
    moduleId,
    kind: 'text',
    slug: null,
    title: `Deel ${n}`,
    titleEn: null,
    text: '<p>x</p>',
    textEn: null,
    audio: null,
    pdf: null,
    videoUrl: null,
    preview: false,
    locked: false,
    position,
    ...over,
  }
}

/** Two modules given out of order (positions decide): m1 = [s1, s2], m2 = [s3]. */
function course(inOrder: boolean, over: (s: TrainingSegment) => TrainingSegment = (s) => s): TrainingCourseFull {
  const m1 = uuid(101)
  const m2 = uuid(102)
  const mod = (id: string, position: number, segments: TrainingSegment[]) => ({
    id,
    courseId: uuid(100),
    title: id,
    titleEn: null,
    position,
    segments,
    createdAt: '',
    updatedAt: '',
  })
  return {
    id: uuid(100),
    kind: 'training',
    title: 'Kleuren',
    titleEn: null,
    priceCents: null,
    description: '',
    descriptionEn: null,
    inOrder,
    roleIds: [],
    position: 0,
    createdAt: '',
    updatedAt: '',
    version: 1,
    modules: [mod(m2, 1, [over(segment(3, m2, 0))]), mod(m1, 0, [segment(2, m1, 1), segment(1, m1, 0)].map(over))],
  }
}

const progress = (entries: [number, { started?: boolean; done?: boolean; at?: number }][]) =>
  new Map(
    entries.map(([n, p]) => [
      uuid(n),
      {
        segmentId: uuid(n),
        startedAt: p.started || p.done ? '2026-11-27T08:00:00.000Z' : null,
        completedAt: p.done ? '2026-11-27T08:05:00.000Z' : null,
        positionSeconds: p.at ?? 0,
      },
    ]),
  )

describe('blueprint progress', () => {
  it('orders segments by module then segment position, and counts only completed ones as done', () => {
    const o = courseOutline(
      course(false),
      progress([
        [1, { done: true }],
        [2, { started: true }],
      ]),
      true,
    )
    expect(o.items.map((i) => i.segment.id)).toEqual([uuid(1), uuid(2), uuid(3)])
    expect(o.items.map((i) => i.state)).toEqual(['done', 'started', 'new'])
    expect([o.done, o.total, percentDone(o)]).toEqual([1, 3, 33])
  })

  it('an in-order course locks every segment after the first one not completed; completing opens the next at once', () => {
    const c = course(true)
    expect(courseOutline(c, progress([]), true).items.map((i) => i.state)).toEqual(['new', 'locked', 'locked'])
    // Started is not done: the next stays locked.
    expect(courseOutline(c, progress([[1, { started: true }]]), true).items.map((i) => i.state)).toEqual([
      'started',
      'locked',
      'locked',
    ])
    expect(courseOutline(c, progress([[1, { done: true }]]), true).items.map((i) => i.state)).toEqual([
      'done',
      'new',
      'locked',
    ])
  })

  it('no locks for who writes trainings (as the server), nor in a course that is not in order', () => {
    expect(courseOutline(course(true), progress([]), false).items.map((i) => i.state)).toEqual(['new', 'new', 'new'])
    expect(courseOutline(course(false), progress([]), true).items.map((i) => i.state)).toEqual(['new', 'new', 'new'])
  })

  it('a segment open on the device whose content the server still holds back waits for it', () => {
    const c = course(true, (s) => (s.id === uuid(1) ? s : { ...s, locked: true, text: '' }))
    const o = courseOutline(c, progress([[1, { done: true }]]), true)
    expect(o.items.map((i) => [i.state, i.awaitingContent])).toEqual([
      ['done', false],
      ['new', true],
      ['locked', false],
    ])
  })

  it('"Continue" resumes the first started segment, else the first open one not done, else the first', () => {
    const c = course(false)
    expect(
      resumeItem(
        courseOutline(
          c,
          progress([
            [1, { done: true }],
            [3, { started: true }],
          ]),
          true,
        ),
      )?.segment.id,
    ).toBe(uuid(3))
    expect(resumeItem(courseOutline(c, progress([[1, { done: true }]]), true))?.segment.id).toBe(uuid(2))
    const all = progress([1, 2, 3].map((n) => [n, { done: true }]))
    expect(resumeItem(courseOutline(c, all, true))?.segment.id).toBe(uuid(1))
    expect(resumeItem(courseOutline({ ...c, modules: [] }, all, true))).toBeNull()
  })

  it('audio resumes at the saved second, and from the start once done or at the very end', () => {
    const p = (at: number, done = false) => progress([[1, { started: true, done, at }]]).get(uuid(1))
    expect(resumeSeconds(undefined, 60)).toBe(0)
    expect(resumeSeconds(p(17), 60)).toBe(17)
    expect(resumeSeconds(p(17), null)).toBe(17)
    expect(resumeSeconds(p(59), 60)).toBe(0)
    expect(resumeSeconds(p(30, true), 60)).toBe(0)
  })

  it('a playing position is saved every 5 seconds', () => {
    expect(shouldSavePosition(4.9, 0)).toBe(false)
    expect(shouldSavePosition(5.2, 0)).toBe(true)
    expect(shouldSavePosition(21, 17)).toBe(false)
    expect(shouldSavePosition(22, 17)).toBe(true)
  })
})
