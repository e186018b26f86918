import { createRoute, redirect } from '@tanstack/react-router'
import { GLOBAL_ADMIN_SECTIONS } from '../features/global-admin/sections'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZGlobalAuditSearch, ZGlobalOrganisationsSearch, ZGlobalSubscriptionsSearch } from './search'

const GlobalAdminPage = lazyNamed(() => import('../features/global-admin/global-admin-page'), 'GlobalAdminPage')
const OrganisationsPage = lazyNamed(
  () => import('../features/global-admin/organisations/organisations-page'),
  'OrganisationsPage',
)
const OrganisationPage = lazyNamed(
  () => import('../features/global-admin/organisations/organisation-page'),
  'OrganisationPage',
)
const SubscriptionsPage = lazyNamed(
  () => import('../features/global-admin/subscriptions/subscriptions-page'),
  'SubscriptionsPage',
)
const PlatformCoursesPage = lazyNamed(() => import('../features/global-admin/platform-courses'), 'PlatformCoursesPage')
const PlatformCoursePage = lazyNamed(() => import('../features/global-admin/platform-courses'), 'PlatformCoursePage')
const AuditPage = lazyNamed(() => import('../features/global-admin/audit/audit-page'), 'AuditPage')
const PlansPage = lazyNamed(() => import('../features/global-admin/plans/plans-page'), 'PlansPage')
const DiscountCodesPage = lazyNamed(
  () => import('../features/global-admin/discount-codes/discount-codes-page'),
  'DiscountCodesPage',
)

/** `/global-admin/*`: the global admins' shell (sign-in, sections, online only); screens are its children. */
export const globalAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/global-admin',
  component: GlobalAdminPage,
})

/** The area lands on its first section. */
export const globalAdminIndexRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: GLOBAL_ADMIN_SECTIONS[0].to, replace: true })
  },
})

/** `/global-admin/organisations?q=&status=&page=`: every organisation, searched and filtered. */
export const globalOrganisationsRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/organisations',
  validateSearch: ZGlobalOrganisationsSearch,
  component: OrganisationsPage,
})

/** `/global-admin/organisations/{id}`: one organisation (usage, branches, employees, payments). */
export const globalOrganisationRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/organisations/$id',
  component: function GlobalOrganisationRoute() {
    const { id } = globalOrganisationRoute.useParams()
    return <OrganisationPage id={id} />
  },
})

/** `/global-admin/subscriptions?q=&state=&page=`: every organisation's subscription, cancelled from here. */
export const globalSubscriptionsRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/subscriptions',
  validateSearch: ZGlobalSubscriptionsSearch,
  component: SubscriptionsPage,
})

/** `/global-admin/audit?…`: the platform audit. */
export const globalAuditRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/audit',
  validateSearch: ZGlobalAuditSearch,
  component: AuditPage,
})

/** `/global-admin/plans`: every plan (active and inactive), made and edited. */
export const globalPlansRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/plans',
  component: PlansPage,
})

/** `/global-admin/discount-codes`: the discount codes and their redemptions. */
export const globalDiscountCodesRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/discount-codes',
  component: DiscountCodesPage,
})

/** `/global-admin/user-manuals`: the platform's user manuals (issue 24), Dutch and English. */
export const globalUserManualsRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/user-manuals',
  component: () => <PlatformCoursesPage kind="manual" />,
})

/** `/global-admin/user-manuals/{id}`: one manual's modules and pages. */
export const globalUserManualRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/user-manuals/$id',
  component: function GlobalUserManualRoute() {
    const { id } = globalUserManualRoute.useParams()
    return <PlatformCoursePage kind="manual" id={id} />
  },
})

/** `/global-admin/paid-courses`: the platform's paid courses (issue 24), with prices and previews. */
export const globalPaidCoursesRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/paid-courses',
  component: () => <PlatformCoursesPage kind="paid" />,
})

/** `/global-admin/paid-courses/{id}`: one paid course's modules and segments. */
export const globalPaidCourseRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '/paid-courses/$id',
  component: function GlobalPaidCourseRoute() {
    const { id } = globalPaidCourseRoute.useParams()
    return <PlatformCoursePage kind="paid" id={id} />
  },
})

/** An unknown global-admin address lands on the first section too. */
export const globalAdminSplatRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: GLOBAL_ADMIN_SECTIONS[0].to, replace: true })
  },
})
