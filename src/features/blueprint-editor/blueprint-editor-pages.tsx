import { useTranslation } from 'react-i18next'
import { useOnline } from '../app/use-online'
import { UpgradePrompt, useHasFeature } from '../subscription/upgrade-prompt'
import { useReplica } from '../sync/replica-context'
import { useRoles } from '../team/use-team'
import { CourseEditor } from '../trainings-editor/course-editor'
import { CoursesEditor } from '../trainings-editor/courses-editor'
import { type EditorScope, trainingsApi } from '../trainings-editor/scope'

/*
 * The Blueprint editor (issue 24; spec §6 manageTrainings: "create, update and delete Blueprint
 * courses and modules"): the organisation's own training programme, for employees with
 * manageTrainings (the route's `trainings.manage`). "Academy" is the platform's paid courses.
 * The trainings' write calls are REST only, so editing needs a connection.
 */
export const blueprintManagePath = (slug: string) => `/${slug}/admin/blueprint/manage`

function useBlueprintScope(slug: string): EditorScope | null {
  const replica = useReplica()
  const online = useOnline()
  const roles = useRoles()
  const inPlan = useHasFeature('trainings')
  if (!replica) return null
  return {
    kind: 'training',
    api: trainingsApi,
    params: { org: replica.orgId },
    bilingual: false,
    uploads: { orgId: replica.orgId, salonId: replica.salonId },
    roles: (roles ?? []).map((r) => ({ id: r.id, name: r.name })),
    listPath: blueprintManagePath(slug),
    coursePath: (id) => `${blueprintManagePath(slug)}/${id}`,
    progressPath: (id) => `${blueprintManagePath(slug)}/${id}/progress`,
    online,
    inPlan,
    upgrade: <UpgradePrompt feature="trainings" />,
  }
}

/** `/{slug}/admin/blueprint/manage`: the organisation's Blueprint courses. */
export function BlueprintCoursesPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const scope = useBlueprintScope(slug)
  if (!scope) return null
  return (
    <CoursesEditor scope={scope} title={t('blueprint-editor.pageTitle')} description={t('blueprint-editor.pageText')} />
  )
}

/** `/{slug}/admin/blueprint/manage/{courseId}`: one Blueprint course's modules and segments. */
export function BlueprintCoursePage({ slug, courseId }: { slug: string; courseId: string }) {
  const scope = useBlueprintScope(slug)
  if (!scope) return null
  return <CourseEditor scope={scope} courseId={courseId} />
}
