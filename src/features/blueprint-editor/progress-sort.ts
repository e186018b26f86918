import type { CourseProgress } from '../../../contract/trainings'
import type { CourseProgressSort } from '../../routes/search'

/*
 * The owner's progress screen's order (issue 24): by name (last, then first), by segments
 * completed, by start or by completion. Rows without the date sort last either way (nobody wants
 * "not completed" above the latest completions); ties by name, so the order is stable.
 */

const byName = (a: CourseProgress, b: CourseProgress) =>
  a.lastName.localeCompare(b.lastName) ||
  a.firstName.localeCompare(b.firstName) ||
  a.employeeId.localeCompare(b.employeeId)

export function sortedProgress(
  rows: CourseProgress[],
  sort: CourseProgressSort,
  dir: 'asc' | 'desc',
): CourseProgress[] {
  const sign = dir === 'asc' ? 1 : -1
  const compare = (a: CourseProgress, b: CourseProgress): number => {
    if (sort === 'name') return sign * byName(a, b)
    if (sort === 'done') return sign * (a.completedSegments - b.completedSegments) || byName(a, b)
    const x = a[sort]
    const y = b[sort]
    if (!x || !y) return x === y ? byName(a, b) : x ? -1 : 1
    return sign * (Date.parse(x) - Date.parse(y)) || byName(a, b)
  }
  return [...rows].sort(compare)
}
