import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZBlueprintCourseSearch } from './search'

const BlueprintPage = lazyNamed(() => import('../features/blueprint/blueprint-page'), 'BlueprintPage')
const CoursePage = lazyNamed(() => import('../features/blueprint/course-page'), 'CoursePage')

/** `/{slug}/admin/blueprint`: the trainings shown to the employee, with their progress (issue 24; offline too). */
export const blueprintRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint',
  staticData: { action: 'trainings.read' },
  component: BlueprintPage,
})

/** `/{slug}/admin/blueprint/{courseId}?segment=`: a course's modules and segments, and the open segment. */
export const blueprintCourseRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint/$courseId',
  staticData: { action: 'trainings.read' },
  validateSearch: ZBlueprintCourseSearch,
  component: function BlueprintCourseRoute() {
    const { courseId } = blueprintCourseRoute.useParams()
    const { segment } = blueprintCourseRoute.useSearch()
    return <CoursePage courseId={courseId} segmentId={segment} />
  },
})
