import { createRoute } from '@tanstack/react-router'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'

const KioskArea = lazyNamed(() => import('../features/kiosk/kiosk-area'), 'KioskArea')

/**
 * `/{slug}/admin/kiosk?customer=`: the kiosk hand-over, outside the staff shell (no navigation
 * to tap away to). A sibling of the staff route, not its child, so none of the shell's chrome
 * renders; the staff route sends the tablet back here while a hand-over is active.
 */
export const kioskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/admin/kiosk',
  validateSearch: (s: Record<string, unknown>): { customer?: string } =>
    typeof s.customer === 'string' ? { customer: s.customer } : {},
  component: function KioskRoute() {
    const { slug } = kioskRoute.useParams()
    const { customer } = kioskRoute.useSearch()
    return <KioskArea slug={slug} customerId={customer ?? null} />
  },
})
