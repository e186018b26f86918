import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZAcademyCourseSearch } from './search'

const AcademyPage = lazyNamed(() => import('../features/academy/academy-page'), 'AcademyPage')
const CoursePage = lazyNamed(() => import('../features/academy/course-page'), 'CoursePage')

/** `/{slug}/admin/academy`: the trainings shown to the employee, with their progress (issue 24; offline too). */
export const academyRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/academy',
  staticData: { action: 'trainings.read' },
  component: AcademyPage,
})

/** `/{slug}/admin/academy/{courseId}?segment=`: a course's modules and segments, and the open segment. */
export const academyCourseRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/academy/$courseId',
  staticData: { action: 'trainings.read' },
  validateSearch: ZAcademyCourseSearch,
  component: function AcademyCourseRoute() {
    const { courseId } = academyCourseRoute.useParams()
    const { segment } = academyCourseRoute.useSearch()
    return <CoursePage courseId={courseId} segmentId={segment} />
  },
})
