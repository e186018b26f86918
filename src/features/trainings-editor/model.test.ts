import { describe, expect, it } from 'vitest'
import type { TrainingModule } from '../../../contract/trainings'
import { ZTrainingModuleInput } from '../../../contract/trainings/inputs'
import { courseFormOf, courseInputOf, moduleFormOf, moduleInputOf, moveItem, newSegment, orderAfterMove } from './model'

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`

describe('trainings editor: moves', () => {
  it('moves an item up, down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 1, -3)).toEqual(['b', 'a', 'c'])
  })
  it('leaves the order as it was when nothing moves (a copy, never the same array)', () => {
    const list = ['a', 'b']
    const same = moveItem(list, 1, 1)
    expect(same).toEqual(list)
    expect(same).not.toBe(list)
    expect(moveItem(list, 5, 0)).toEqual(list)
  })
  it('sends the full order, every id once', () => {
    const items = [{ id: id(1) }, { id: id(2) }, { id: id(3) }]
    expect(orderAfterMove(items, 0, 2)).toEqual({ ids: [id(2), id(3), id(1)] })
  })
})

const segment = (n: number, over: Partial<TrainingModule['segments'][number]> = {}) => ({
  id: id(n),
  moduleId: id(9),
  kind: 'text' as const,
  slug: null,
  title: `S${n}`,
  titleEn: null,
  text: '<p>x</p>',
  textEn: null,
  audio: null,
  pdf: null,
  videoUrl: null,
  preview: false,
  locked: false,
  position: n,
  ...over,
})

describe('trainings editor: form mapping', () => {
  it('reads a module in position order and sends each segment with only its kind’s content', () => {
    const module: TrainingModule = {
      id: id(9),
      courseId: id(8),
      title: 'Intake',
      titleEn: 'Intake EN',
      position: 0,
      segments: [
        segment(2, { kind: 'video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', text: '<p>old</p>' }),
        segment(1),
      ],
      createdAt: '',
      updatedAt: '',
    }
    const form = moduleFormOf(module)
    expect(form.segments.map((s) => s.id)).toEqual([id(1), id(2)])
    const body = moduleInputOf(form, false)
    expect(body.titleEn).toBeNull()
    expect(body.segments[1]).toMatchObject({
      id: id(2),
      kind: 'video',
      text: '',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    })
    expect(body.segments[0]).toMatchObject({ id: id(1), kind: 'text', text: '<p>x</p>', videoUrl: null, slug: null })
    expect(ZTrainingModuleInput.safeParse(body).success).toBe(true)
  })
  it('a new segment has no id; manuals send English (blank: none) and the link key', () => {
    const s = { ...newSegment('text', 'k1'), title: 'Start', text: '<p>nl</p>', textEn: '', slug: ' klantkaart ' }
    const body = moduleInputOf({ title: 'M', titleEn: '', segments: [s] }, true)
    expect(body.segments[0]).not.toHaveProperty('id')
    expect(body.segments[0]).toMatchObject({ slug: 'klantkaart', textEn: null, titleEn: null })
    expect(body.titleEn).toBeNull()
  })
  it('the contract refuses a video address that is not YouTube or Vimeo, on the segment’s field', () => {
    const s = { ...newSegment('video', 'k'), title: 'V', videoUrl: 'https://example.com/v' }
    const r = ZTrainingModuleInput.safeParse(moduleInputOf({ title: 'M', titleEn: '', segments: [s] }, false))
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('segments.0.videoUrl')
  })
  it('a course sends roles for trainings only and English for manuals only', () => {
    const form = { ...courseFormOf(null), title: 'T', titleEn: 'E', roleIds: [id(1)] }
    expect(courseInputOf(form, false)).toMatchObject({ roleIds: [id(1)], titleEn: null })
    expect(courseInputOf(form, true)).toMatchObject({ roleIds: [], titleEn: 'E' })
  })
})
