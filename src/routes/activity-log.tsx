import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'
import { ZActivityLogSearch } from './search'

const ActivityLogPage = lazyNamed(() => import('../features/activity-log/activity-log-page'), 'ActivityLogPage')

/** `/{slug}/admin/activity-log?period=&employeeId=&type=&page=`: the employee activity log (online only). */
export const activityLogRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/activity-log',
  staticData: { action: 'employeeActivities.read' },
  validateSearch: ZActivityLogSearch,
  component: ActivityLogPage,
})
