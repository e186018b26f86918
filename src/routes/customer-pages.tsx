import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const CustomerPageFrame = lazyNamed(() => import('../features/customer-area/customer-page-frame'), 'CustomerPageFrame')

/**
 * The layout of a signed-in customer's pages below `/{slug}` (advice, documents, a submission):
 * back link, the salon's name, the session check and their local database, once for all of them.
 */
export const customerPagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'customer-pages',
  component: CustomerPageFrame,
})
