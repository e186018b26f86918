import { describe, expect, it } from 'vitest'
import type { CourseProgress } from '../../../contract/trainings'
import { sortedProgress } from './progress-sort'

const row = (
  lastName: string,
  done: number,
  completedAt: string | null,
  startedAt: string | null = null,
): CourseProgress => ({
  employeeId: `00000000-0000-4000-8000-${lastName
    .padStart(12, '0')
    .slice(-12)
    .replace(/[^0-9a-f]/g, 'a')}`,
  firstName: 'A',
  lastName,
  completedSegments: done,
  totalSegments: 3,
  startedAt,
  completedAt,
  updatedAt: '2026-11-01T10:00:00.000Z',
  certificate: null,
})

describe('the progress screen order', () => {
  const rows = [
    row('Visser', 3, '2026-11-03T10:00:00.000Z', '2026-11-01T10:00:00.000Z'),
    row('Bakker', 1, null, '2026-11-02T10:00:00.000Z'),
    row('Jansen', 3, '2026-11-05T10:00:00.000Z', '2026-10-01T10:00:00.000Z'),
  ]
  const names = (r: CourseProgress[]) => r.map((x) => x.lastName)

  it('by name, either way', () => {
    expect(names(sortedProgress(rows, 'name', 'asc'))).toEqual(['Bakker', 'Jansen', 'Visser'])
    expect(names(sortedProgress(rows, 'name', 'desc'))).toEqual(['Visser', 'Jansen', 'Bakker'])
  })

  it('by segments done, ties by name', () => {
    expect(names(sortedProgress(rows, 'done', 'desc'))).toEqual(['Jansen', 'Visser', 'Bakker'])
    expect(names(sortedProgress(rows, 'done', 'asc'))).toEqual(['Bakker', 'Jansen', 'Visser'])
  })

  it('by completion: the not completed last, whichever way', () => {
    expect(names(sortedProgress(rows, 'completedAt', 'asc'))).toEqual(['Visser', 'Jansen', 'Bakker'])
    expect(names(sortedProgress(rows, 'completedAt', 'desc'))).toEqual(['Jansen', 'Visser', 'Bakker'])
    expect(names(sortedProgress(rows, 'startedAt', 'asc'))).toEqual(['Jansen', 'Visser', 'Bakker'])
  })
})
