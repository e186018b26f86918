import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZDashboardSearch, ZStaffFillSearch, ZSubmissionsSearch } from './search'

const DashboardPage = lazyNamed(() => import('../features/submissions/dashboard-page'), 'DashboardPage')
const StaffFillPage = lazyNamed(() => import('../features/submissions/staff-fill-page'), 'StaffFillPage')
const SubmissionsPage = lazyNamed(() => import('../features/submissions/submissions-page'), 'SubmissionsPage')

/** `/{slug}/admin/dashboard`: the staff landing screen with the branch's recent submissions. */
export const dashboardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/dashboard',
  staticData: { action: 'dashboard.read' },
  validateSearch: ZDashboardSearch,
  component: DashboardPage,
})

/** `/{slug}/admin/submissions?questionnaireId=&submissionId=`: submissions, filtered per questionnaire. */
export const submissionsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/submissions',
  staticData: { action: 'submissions.read' },
  validateSearch: ZSubmissionsSearch,
  component: SubmissionsPage,
})

/** `/{slug}/admin/fill/{questionnaireId}?customerId=`: staff fill an employee questionnaire about a customer. */
export const staffFillRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/fill/$questionnaireId',
  staticData: { action: 'submissions.take' },
  validateSearch: ZStaffFillSearch,
  component: function StaffFillRoute() {
    const { slug, questionnaireId } = staffFillRoute.useParams()
    const { customerId } = staffFillRoute.useSearch()
    // Keyed: another customer or questionnaire is a new filling (its own submission id and draft),
    // never the previous one's state carried over by a reused component.
    return (
      <StaffFillPage
        key={`${questionnaireId}:${customerId ?? ''}`}
        slug={slug}
        questionnaireId={questionnaireId}
        customerId={customerId ?? ''}
      />
    )
  },
})
