import { describe, expect, it } from 'vitest'
import type { Question } from '../../../contract/questionnaires'
import { sections } from './sections'
import { embedUrl } from './video'

const q = (id: string, group: Question['group']) => ({ id, group }) as Question

describe('questionnaire fill', () => {
  it('cuts sections where the group changes; ungrouped questions stay with the one before', () => {
    const parts = sections([q('a', null), q('b', 'customer'), q('c', null), q('d', 'skin'), q('e', 'skin')])
    expect(parts.map((p) => p.map((x) => x.id))).toEqual([['a'], ['b', 'c'], ['d', 'e']])
    expect(sections([])).toEqual([])
  })

  it('embeds YouTube and Vimeo only', () => {
    expect(embedUrl('https://www.youtube.com/watch?v=abcdefg')).toBe('https://www.youtube-nocookie.com/embed/abcdefg')
    expect(embedUrl('https://youtu.be/abcdefg')).toBe('https://www.youtube-nocookie.com/embed/abcdefg')
    expect(embedUrl('https://vimeo.com/123456')).toBe('https://player.vimeo.com/video/123456')
    expect(embedUrl('https://example.com/x')).toBeNull()
  })
})
