import { useTranslation } from 'react-i18next'
import { useOnline } from '../app/use-online'
import { CourseEditor } from '../trainings-editor/course-editor'
import { CoursesEditor } from '../trainings-editor/courses-editor'
import { type EditorScope, manualsApi, paidCoursesApi } from '../trainings-editor/scope'

/*
 * The platform's courses written by global admins (issue 24) with the same course, module and
 * segment editor as Blueprint, Dutch and English side by side (Dutch required, English shown where
 * given, else Dutch); audio and PDF segments upload to the platform's files (`POST /upload/audio`,
 * `/upload/pdf`). Online only.
 * - user manuals: a stable key per segment a screen's Help links to;
 * - paid courses: a price per course (euro excluding VAT, kept as exact cents) and a 'preview'
 *   flag per segment (shown to organisations before they buy).
 */
const KINDS = {
  manual: { api: manualsApi, list: '/global-admin/user-manuals', texts: 'user-manuals-editor' },
  paid: { api: paidCoursesApi, list: '/global-admin/paid-courses', texts: 'paid-courses-editor' },
} as const
type Kind = keyof typeof KINDS

function usePlatformScope(kind: Kind): EditorScope {
  const online = useOnline()
  const { api, list } = KINDS[kind]
  return {
    kind,
    api,
    // These calls have no `org`; the shared editor passes its params along (ignored in the path).
    params: {} as { org: string },
    as: 'globalAdmin',
    bilingual: true,
    uploads: 'platform',
    roles: null,
    listPath: list,
    coursePath: (id) => `${list}/${id}`,
    online,
    inPlan: true,
  }
}

/** `/global-admin/user-manuals` and `/global-admin/paid-courses`: the courses, in the order users see them. */
export function PlatformCoursesPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation()
  const { texts } = KINDS[kind]
  return (
    <CoursesEditor scope={usePlatformScope(kind)} title={t(`${texts}.title`)} description={t(`${texts}.description`)} />
  )
}

/** `/global-admin/user-manuals/{id}` and `/global-admin/paid-courses/{id}`: one course's modules and segments. */
export function PlatformCoursePage({ kind, id }: { kind: Kind; id: string }) {
  return <CourseEditor scope={usePlatformScope(kind)} courseId={id} />
}
