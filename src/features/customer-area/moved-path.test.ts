import { describe, expect, it } from 'vitest'
import { movedPath } from './moved-path'

describe('movedPath: an old link moves to the new web address', () => {
  it('replaces only the first segment and keeps the rest, the query and the hash', () => {
    expect(movedPath('http://h/old-salon/admin/customers?search=a#x', 'old-salon', 'new-salon')).toBe(
      '/new-salon/admin/customers?search=a#x',
    )
    expect(movedPath('http://h/old-salon', 'old-salon', 'new-salon')).toBe('/new-salon')
    expect(movedPath('http://h/Old-Salon/questionnaire/1', 'old-salon', 'new-salon')).toBe('/new-salon/questionnaire/1')
  })
  it('nothing to do at the current address or on another path', () => {
    expect(movedPath('http://h/new-salon/admin', 'new-salon', 'new-salon')).toBeNull()
    expect(movedPath('http://h/other/admin', 'old-salon', 'new-salon')).toBeNull()
  })
})
