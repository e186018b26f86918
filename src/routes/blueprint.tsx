import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const BlueprintCoursesPage = lazyNamed(
  () => import('../features/blueprint-editor/blueprint-editor-pages'),
  'BlueprintCoursesPage',
)
const BlueprintCoursePage = lazyNamed(
  () => import('../features/blueprint-editor/blueprint-editor-pages'),
  'BlueprintCoursePage',
)

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
export const blueprintCourseRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/blueprint/manage/$courseId',
  staticData: { action: 'trainings.manage' },
  component: function BlueprintCourseRoute() {
    const { slug, courseId } = blueprintCourseRoute.useParams()
    return <BlueprintCoursePage slug={slug} courseId={courseId} />
  },
})
