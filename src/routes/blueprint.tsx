import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZBlueprintCourseSearch, ZCourseProgressSearch } from './search'

const BlueprintPage = lazyNamed(() => import('../features/blueprint/blueprint-page'), 'BlueprintPage')
const CoursePage = lazyNamed(() => import('../features/blueprint/course-page'), 'CoursePage')
const BlueprintCoursesPage = lazyNamed(
  () => import('../features/blueprint-editor/blueprint-editor-pages'),
  'BlueprintCoursesPage',
)
const BlueprintCoursePage = lazyNamed(
  () => import('../features/blueprint-editor/blueprint-editor-pages'),
  'BlueprintCoursePage',
)

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

/**
 * `/{slug}/admin/blueprint/manage`: the Blueprint editor (issue 24), the organisation's own
 * training courses, for employees with manageTrainings (spec §6); online only (REST writes).
 */
export const blueprintManageRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint/manage',
  staticData: { action: 'trainings.manage' },
  component: function BlueprintManageRoute() {
    const { slug } = blueprintManageRoute.useParams()
    return <BlueprintCoursesPage slug={slug} />
  },
})

/** `/{slug}/admin/blueprint/manage/{courseId}`: one course's modules and their segments. */
export const blueprintManageCourseRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint/manage/$courseId',
  staticData: { action: 'trainings.manage' },
  component: function BlueprintManageCourseRoute() {
    const { slug, courseId } = blueprintManageCourseRoute.useParams()
    return <BlueprintCoursePage slug={slug} courseId={courseId} />
  },
})

const CourseProgressPage = lazyNamed(
  () => import('../features/blueprint-editor/course-progress-page'),
  'CourseProgressPage',
)

/**
 * `/{slug}/admin/blueprint/manage/{courseId}/progress`: every employee's progress in a course and
 * their certificate (issue 24), for those who manage trainings; online only.
 */
export const blueprintCourseProgressRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint/manage/$courseId/progress',
  staticData: { action: 'trainings.manage' },
  validateSearch: ZCourseProgressSearch,
  component: function BlueprintCourseProgressRoute() {
    const { slug, courseId } = blueprintCourseProgressRoute.useParams()
    const search = blueprintCourseProgressRoute.useSearch()
    return <CourseProgressPage slug={slug} courseId={courseId} sort={search.sort} dir={search.dir} />
  },
})
