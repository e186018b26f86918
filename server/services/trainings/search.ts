import type { Caller } from '../../../contract/policy'
import type { TrainingCourse, TrainingCourseListed } from '../../../contract/trainings'
import type { DbOrTx } from '../../db/client'
import { listCourses, liveCourses, liveModules, liveSegments } from './read'
import { toCourse } from './rows'
import { manualScope } from './scope'

/*
 * Full-text search over the user manuals (issue 24, research F6): the platform's help is small, so
 * the manuals are read whole and matched here. A word matches case- and accent-insensitively in
 * titles, descriptions and text (Dutch and English, HTML tags left out). A segment is a hit when
 * every word is in it, its module's title or its course's title; a course is listed when it has
 * hits or its own title and description hold every word.
 */

const fold = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

const holdsAll = (words: string[], ...texts: (string | null | undefined)[]) => {
  const haystack = texts.map(fold).join(' ')
  return words.every((w) => haystack.includes(w))
}

export async function listManuals(o: { db: DbOrTx; caller: Caller; q?: string }): Promise<TrainingCourseListed[]> {
  const scope = manualScope(o.caller)
  const words = fold(o.q).split(/\s+/).filter(Boolean).slice(0, 10)
  if (!words.length) return listCourses({ db: o.db, scope })
  const courses = await liveCourses(o.db, scope)
  const ids = courses.map((c) => c.id)
  const modules = await liveModules(o.db, scope, ids)
  const segments = await liveSegments(o.db, scope, ids, modules)
  const moduleById = new Map(modules.map((m) => [m.id, m]))
  return courses.flatMap((c): (TrainingCourse & { hits: TrainingCourseListed['hits'] })[] => {
    const hits = segments
      .filter((s) => s.courseId === c.id)
      .filter((s) => {
        const m = moduleById.get(s.moduleId)
        return holdsAll(words, s.title, s.titleEn, s.text, s.textEn, m?.title, m?.titleEn, c.title, c.titleEn)
      })
      .map((s) => ({ moduleId: s.moduleId, segmentId: s.id, slug: s.slug, title: s.title, titleEn: s.titleEn }))
    const own = holdsAll(words, c.title, c.titleEn, c.description, c.descriptionEn)
    return hits.length || own ? [{ ...toCourse(c), hits }] : []
  })
}
