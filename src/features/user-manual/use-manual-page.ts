import { useQuery } from '@tanstack/react-query'
import type { TrainingCourseFull } from '../../../contract/trainings'
import { API } from '../../api/client'
import { endpointKey } from '../../api/query'
import { apiCall } from '../../api/transport'

/**
 * The manual that holds the page with this key (a segment's `slug`: the link a screen's Help
 * uses). Manuals are few, so every manual is read whole once and the key looked up; keyed under
 * the course read's endpoint, so a manual changed by a global admin is read again with it.
 */
export function useManualWithPage(slug: string | undefined) {
  return useQuery({
    queryKey: [endpointKey(API.userManuals.getCourse), 'page', slug],
    enabled: !!slug,
    queryFn: async ({ signal }): Promise<{ course: TrainingCourseFull; segmentId: string } | null> => {
      const list = await apiCall(API.userManuals.listCourses, { query: {}, signal })
      for (const listed of list) {
        const course = await apiCall(API.userManuals.getCourse, { params: { id: listed.id }, signal })
        for (const m of course.modules)
          for (const s of m.segments) if (s.slug === slug) return { course, segmentId: s.id }
      }
      return null
    },
  })
}
