import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const DashboardPage = lazyNamed(() => import('../features/submissions/dashboard-page'), 'DashboardPage')
const StaffFillPage = lazyNamed(() => import('../features/submissions/staff-fill-page'), 'StaffFillPage')
const SubmissionsPage = lazyNamed(() => import('../features/submissions/submissions-page'), 'SubmissionsPage')

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

/** `/{slug}/admin/dashboard`: the staff landing screen with the branch's recent submissions. */
export const dashboardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/dashboard',
  staticData: { action: 'dashboard.read' },
  validateSearch: (s: Record<string, unknown>): { submissionId?: string } => ({ submissionId: str(s.submissionId) }),
  component: DashboardPage,
})

/** `/{slug}/admin/submissions?questionnaireId=&submissionId=`: submissions, filtered per questionnaire. */
export const submissionsRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/submissions',
  staticData: { action: 'submissions.read' },
  validateSearch: (s: Record<string, unknown>): { questionnaireId?: string; submissionId?: string } => ({
    questionnaireId: str(s.questionnaireId),
    submissionId: str(s.submissionId),
  }),
  component: SubmissionsPage,
})

/** `/{slug}/admin/fill/{questionnaireId}?customerId=`: staff fill an employee questionnaire about a customer. */
export const staffFillRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/fill/$questionnaireId',
  staticData: { action: 'submissions.take' },
  validateSearch: (s: Record<string, unknown>): { customerId?: string } => ({ customerId: str(s.customerId) }),
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
