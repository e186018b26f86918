import { API } from '../../api/client'
import { invalidateEndpoints, useApiQuery } from '../../api/query'
import { useOnline } from '../app/use-online'
import { useOrgId } from '../subscription/use-subscription'

/*
 * Academy (issue 24): the platform's paid courses as the organisation sees them, online only (the
 * catalogue with owned or not and the prices, a course's outline with its previews), through the
 * query layer. Owned courses are also in the replica (course-reader/use-replica-courses.ts): they
 * are learned from there, offline too.
 */

/** `GET …/paid-courses`: null input (not asked) offline or before sign-in. */
export function useCatalogue() {
  const org = useOrgId()
  const online = useOnline()
  return useApiQuery(API.paidCourses.list, org && online ? { params: { org } } : null)
}

/** `GET …/paid-courses/{id}/modules` (content only once owned, but previews); `enabled` false: not asked. */
export function useCourseModules(courseId: string, enabled: boolean) {
  const org = useOrgId()
  const online = useOnline()
  return useApiQuery(API.paidCourses.modules, org && online && enabled ? { params: { org, id: courseId } } : null)
}

/** After a purchase (or its payment became final): the catalogue and outlines are asked again. */
export const refreshAcademy = () => invalidateEndpoints(API.paidCourses.list, API.paidCourses.modules)
