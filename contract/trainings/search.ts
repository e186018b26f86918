import type { TrainingCourseFull, TrainingCourseListed } from './index'

/*
 * Full-text search over the user manuals (issue 24, research F6), one rule for the server
 * (`GET /user-manuals/courses?q=`) and the device's copy (read offline): the platform's help is
 * small, so the manuals are read whole and matched here. A word matches case- and
 * accent-insensitively in titles, descriptions and text (Dutch and English, HTML tags left out).
 * A page (segment) is a hit when every word is in it, its module's title or its course's title; a
 * course is listed when it has hits or its own title and description hold every word.
 */

/** Lower case, without accents and HTML tags: what a word is matched against. */
export const foldText = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The words of a search (at most 10), folded; none: no search. */
export const searchWords = (q: string | null | undefined) => foldText(q).split(/\s+/).filter(Boolean).slice(0, 10)

const holdsAll = (words: string[], ...texts: (string | null | undefined)[]) => {
  const haystack = texts.map(foldText).join(' ')
  return words.every((w) => haystack.includes(w))
}

/** The manuals (in their order) that hold every word, each with the pages that do. */
export function searchManuals(courses: TrainingCourseFull[], words: string[]): TrainingCourseListed[] {
  return courses.flatMap(({ modules, ...c }) => {
    const hits = modules.flatMap((m) =>
      m.segments
        .filter((s) => holdsAll(words, s.title, s.titleEn, s.text, s.textEn, m.title, m.titleEn, c.title, c.titleEn))
        .map((s) => ({ moduleId: m.id, segmentId: s.id, slug: s.slug, title: s.title, titleEn: s.titleEn })),
    )
    const own = holdsAll(words, c.title, c.titleEn, c.description, c.descriptionEn)
    return hits.length || own ? [{ ...c, hits }] : []
  })
}
