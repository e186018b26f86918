import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZUserManualSearch } from './search'

const UserManualPage = lazyNamed(() => import('../features/user-manual/user-manual-page'), 'UserManualPage')

/**
 * `/{slug}/admin/manual?q=&course=&page=`: the platform's user manual for every employee (issue
 * 24): searchable; `page` is a segment's key, the stable link a screen's Help button uses.
 */
export const userManualRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/manual',
  staticData: { action: 'userManuals.read' },
  validateSearch: ZUserManualSearch,
  component: function UserManualRoute() {
    const search = userManualRoute.useSearch()
    return <UserManualPage {...search} />
  },
})
