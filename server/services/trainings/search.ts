import type { Caller } from '../../../contract/policy'
import type { TrainingCourseListed } from '../../../contract/trainings'
import { searchManuals, searchWords } from '../../../contract/trainings/search'
import type { DbOrTx } from '../../db/client'
import { fullCourses, listCourses, liveCourses } from './read'
import { manualScope } from './scope'

/*
 * Full-text search over the user manuals (issue 24, research F6): the manuals read whole, as the
 * reader receives them, and matched by the rule the device's offline copy uses too
 * (contract/trainings/search.ts: every word, case- and accent-insensitive, tags left out).
 */
export async function listManuals(o: { db: DbOrTx; caller: Caller; q?: string }): Promise<TrainingCourseListed[]> {
  const scope = manualScope(o.caller)
  const words = searchWords(o.q)
  if (!words.length) return listCourses({ db: o.db, scope })
  return searchManuals(await fullCourses(o.db, scope, await liveCourses(o.db, scope)), words)
}
