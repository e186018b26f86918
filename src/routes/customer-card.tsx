import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { staffRoute } from './organisation'

const CustomerCardEditorPage = lazyNamed(
  () => import('../features/customer-card/customer-card-editor'),
  'CustomerCardEditorPage',
)

/**
 * `/{slug}/admin/customer-card`: the branch's customer card configuration (issue 11). Open to
 * everyone who reads the card (dashboardConfiguration.read: read-only, with the live preview);
 * changing it asks dashboardConfiguration.manage on the screen, saved online, and the server decides.
 */
export const customerCardRoute = createRoute({
  getParentRoute: () => staffRoute,
  path: '/customer-card',
  staticData: { action: 'dashboardConfiguration.read' },
  component: CustomerCardEditorPage,
})
