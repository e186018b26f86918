import { describe, expect, it } from 'vitest'
import { moveModule, orderBody, type Section, stepTarget } from './module-moves'

const sections: Section[] = [
  { id: 'g1', moduleIds: ['a', 'b'] },
  { id: 'g2', moduleIds: [] },
  { id: null, moduleIds: ['c'] },
]

describe('Grow module moves', () => {
  it('moves within a group and sends only the order', () => {
    const after = moveModule(sections, 'b', { to: 'g1', index: 0 })
    expect(after[0].moduleIds).toEqual(['b', 'a'])
    expect(orderBody(sections, after, 'b')).toEqual({ ids: ['b', 'a', 'c'] })
  })

  it('moves into another group (an empty one too) and sends the new group', () => {
    const after = moveModule(sections, 'a', { to: 'g2', index: 0 })
    expect(after.map((s) => s.moduleIds)).toEqual([['b'], ['a'], ['c']])
    expect(orderBody(sections, after, 'a')).toEqual({ ids: ['b', 'a', 'c'], groups: { a: 'g2' } })
    const out = moveModule(sections, 'c', { to: 'g1', index: 1 })
    expect(out[0].moduleIds).toEqual(['a', 'c', 'b'])
    expect(orderBody(sections, out, 'c')).toEqual({ ids: ['a', 'c', 'b'], groups: { c: 'g1' } })
  })

  it('moves out of every group (null) and clamps the index', () => {
    const after = moveModule(sections, 'a', { to: null, index: 99 })
    expect(after[2].moduleIds).toEqual(['c', 'a'])
    expect(orderBody(sections, after, 'a').groups).toEqual({ a: null })
  })

  it('keyboard steps cross a group edge into the neighbour, and stop at the ends', () => {
    expect(stepTarget(sections, 'a', 1)).toEqual({ to: 'g1', index: 1 })
    expect(stepTarget(sections, 'b', 1)).toEqual({ to: 'g2', index: 0 })
    expect(stepTarget(sections, 'c', -1)).toEqual({ to: 'g2', index: 0 })
    const inG2 = moveModule(sections, 'b', { to: 'g2', index: 0 })
    expect(stepTarget(inG2, 'c', -1)).toEqual({ to: 'g2', index: 1 })
    expect(stepTarget(sections, 'a', -1)).toBeNull()
    expect(stepTarget(sections, 'c', 1)).toBeNull()
  })

  it('an unknown module or section changes nothing', () => {
    expect(moveModule(sections, 'x', { to: 'g1', index: 0 })).toBe(sections)
    expect(moveModule(sections, 'a', { to: 'nope', index: 0 })).toBe(sections)
    expect(stepTarget(sections, 'x', 1)).toBeNull()
  })
})
