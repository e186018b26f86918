import { createRoute } from '@tanstack/react-router'
import { customerPagesRoute } from './customer-pages'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const MyAdvicePage = lazyNamed(() => import('../features/advice/customer/my-advice-page'), 'MyAdvicePage')

/** `/{slug}/advice`: the signed-in customer's advice (customer area; works offline once fetched). */
export const customerAdviceRoute = createRoute({
  getParentRoute: () => customerPagesRoute,
  path: '/$slug/advice',
  component: MyAdvicePage,
})

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
