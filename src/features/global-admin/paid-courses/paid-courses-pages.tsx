import { useTranslation } from 'react-i18next'
import { useOnline } from '../../app/use-online'
import { CourseEditor } from '../../trainings-editor/course-editor'
import { CoursesEditor } from '../../trainings-editor/courses-editor'
import { type EditorScope, paidCoursesApi } from '../../trainings-editor/scope'

const LIST = '/global-admin/paid-courses'

/*
 * The platform's paid courses (issue 24), written by global admins on `/global/paid-courses…`:
 * the shared course, module and segment editor with Dutch and English side by side, a price per
 * course (euro excluding VAT, kept as exact cents) and a 'preview' flag per segment (shown to
 * organisations before they buy). Audio and PDFs go to the platform's files. Online only.
 */
function usePaidCoursesScope(): EditorScope {
  const online = useOnline()
  return {
    kind: 'paid',
    api: paidCoursesApi,
    // The paid course calls have no `org`; the shared editor passes its params along (ignored in the path).
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

/** `/global-admin/paid-courses`: the paid courses, in the order organisations see them. */
export function PaidCoursesPage() {
  const { t } = useTranslation()
  return (
    <CoursesEditor
      scope={usePaidCoursesScope()}
      title={t('paid-courses-editor.title')}
      description={t('paid-courses-editor.description')}
    />
  )
}

/** `/global-admin/paid-courses/{id}`: one paid course's modules and segments. */
export function PaidCoursePage({ id }: { id: string }) {
  return <CourseEditor scope={usePaidCoursesScope()} courseId={id} />
}
