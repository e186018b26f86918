import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const GlobalAdminPage = lazyNamed(() => import('../features/global-admin/global-admin-page'), 'GlobalAdminPage')

/** `/global-admin/*`: one shell for now; later issues add its screens as children. */
export const globalAdminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/global-admin',
  component: GlobalAdminPage,
})

/** Deeper global-admin paths land in the same shell until its screens exist. */
export const globalAdminSplatRoute = createRoute({
  getParentRoute: () => globalAdminRoute,
  path: '$',
  component: () => null,
})
