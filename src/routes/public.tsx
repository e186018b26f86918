import { createRoute, redirect } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const OverviewPage = lazyNamed(() => import('../features/overview/overview-page'), 'OverviewPage')
const TermsPage = lazyNamed(() => import('../features/terms/terms-page'), 'TermsPage')
const CreateOrganisationPage = lazyNamed(
  () => import('../features/organisation/create-organisation-page'),
  'CreateOrganisationPage',
)

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: OverviewPage })

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-and-conditions',
  component: TermsPage,
})

/** Spec §2: create-organisation redirects to start, replacing the history entry. */
export const createOrganisationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-organisation',
  beforeLoad: () => {
    throw redirect({ to: '/start', replace: true })
  },
})

export const startRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/start',
  component: CreateOrganisationPage,
})
