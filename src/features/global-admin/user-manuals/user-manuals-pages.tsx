import { useTranslation } from 'react-i18next'
import { useOnline } from '../../app/use-online'
import { CourseEditor } from '../../trainings-editor/course-editor'
import { CoursesEditor } from '../../trainings-editor/courses-editor'
import { type EditorScope, manualsApi } from '../../trainings-editor/scope'

const LIST = '/global-admin/user-manuals'

/*
 * The platform's user manuals (issue 24), written by global admins: the same course, module and
 * segment editor as Blueprint, with Dutch and English side by side (Dutch required, English
 * shown where given, else Dutch) and a stable key per segment a screen's help links to. Audio and
 * PDF segments upload to the platform's files (`POST /upload/audio`, `/upload/pdf`).
 */
function useManualsScope(): EditorScope {
  const online = useOnline()
  return {
    kind: 'manual',
    api: manualsApi,
    // The manual calls have no `org`; the shared editor passes its params along (ignored in the path).
    params: {} as { org: string },
    as: 'globalAdmin',
    bilingual: true,
    uploads: 'platform',
    roles: null,
    listPath: LIST,
    coursePath: (id) => `${LIST}/${id}`,
    online,
    inPlan: true,
  }
}

/** `/global-admin/user-manuals`: the manuals' courses. */
export function UserManualsPage() {
  const { t } = useTranslation()
  return (
    <CoursesEditor
      scope={useManualsScope()}
      title={t('user-manuals-editor.title')}
      description={t('user-manuals-editor.description')}
    />
  )
}

/** `/global-admin/user-manuals/{id}`: one manual's modules and pages. */
export function UserManualPage({ id }: { id: string }) {
  return <CourseEditor scope={useManualsScope()} courseId={id} />
}
