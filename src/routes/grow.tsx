import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const GrowPage = lazyNamed(() => import('../features/advice/modules/grow-page'), 'GrowPage')

/**
 * `/{slug}/admin/grow`: the branch's Grow modules, their groups and conditions (issue 11). Open
 * to readers of advice (read-only, offline too); changing them asks advice.manage, online.
 */
export const growRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/grow',
  staticData: { action: 'advice.read' },
  component: GrowPage,
})
