import { createRoute, Navigate, redirect } from '@tanstack/react-router'
import { NotFoundPage } from '../features/app/not-found'
import { getSession } from '../features/auth/session'
import { activeKioskSlug } from '../features/kiosk/kiosk-mark'
import { NoAccessPage } from '../features/shell/route-guard'
import { useNavItems } from '../features/shell/use-screen-access'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZBranchesSearch, ZCustomersSearch } from './search'
import { CustomerFacingProvider } from '../ui/errors'

const CustomerAreaPage = lazyNamed(() => import('../features/customer-area/customer-area-page'), 'CustomerAreaPage')
const StaffArea = lazyNamed(() => import('../features/shell/staff-area'), 'StaffArea')
const CustomersPage = lazyNamed(() => import('../features/customers/customers-page'), 'CustomersPage')
const BranchesPage = lazyNamed(() => import('../features/branches/branches-page'), 'BranchesPage')

/** `/{slug}`: the public organisation area (customer sign-in and landing). */
export const customerAreaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug',
  component: function CustomerAreaRoute() {
    const { slug } = customerAreaRoute.useParams()
    return (
      <CustomerFacingProvider value>
        <CustomerAreaPage slug={slug} />
      </CustomerFacingProvider>
    )
  },
})

/** `/{slug}/admin/*`: the staff area of that organisation (sign-in when needed). */
export const staffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/admin',
  // A tablet handed to a customer stays in the kiosk: a typed address, the back button or a
  // reload on a staff screen lands in the questionnaire again (the kiosk's route guard).
  // Only while signed in: without a session the kiosk sends here for sign-in (no redirect loop).
  beforeLoad: ({ params }) => {
    if (activeKioskSlug() === params.slug && getSession('employee'))
      throw redirect({ to: '/$slug/admin/kiosk', params, replace: true })
  },
  component: function StaffRoute() {
    const { slug } = staffRoute.useParams()
    return <StaffArea slug={slug} />
  },
  // A wrong address inside the staff area shows the 404 in the shell's content: the navigation stays.
  notFoundComponent: () => <NotFoundPage inShell />,
})

/** The staff area opens on the first screen this employee may use (none: the no-access page). */
export const staffIndexRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/',
  component: function StaffIndex() {
    const { slug } = staffRoute.useParams()
    const first = useNavItems()[0]
    if (!first) return <NoAccessPage slug={slug} />
    return <Navigate to={first.to} params={{ slug }} replace />
  },
})

export const customersRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/customers',
  staticData: { action: 'customers.read' },
  validateSearch: ZCustomersSearch,
  component: CustomersPage,
})

export const branchesRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/branches',
  staticData: { action: 'salons.readAll' },
  validateSearch: ZBranchesSearch,
  component: BranchesPage,
})
