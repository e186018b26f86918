import { createRoute } from '@tanstack/react-router'
import { useEmployeeSession } from '../features/auth/session'
import { useCan } from '../features/auth/use-can'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZKioskSearch } from './search'

const KioskArea = lazyNamed(() => import('../features/kiosk/kiosk-area'), 'KioskArea')
const StaffArea = lazyNamed(() => import('../features/shell/staff-area'), 'StaffArea')

/**
 * `/{slug}/admin/kiosk?customer=`: the kiosk hand-over, outside the staff shell (no navigation
 * to tap away to). A sibling of the staff route, not its child, so none of the shell's chrome
 * renders; the staff route sends the tablet back here while a hand-over is active.
 * An employee who may not use the kiosk gets the staff shell, whose route guard reads this
 * route's action and shows the no-access page.
 */
export const kioskRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$slug/admin/kiosk',
  staticData: { action: 'kiosk.use' },
  validateSearch: ZKioskSearch,
  component: function KioskRoute() {
    const { slug } = kioskRoute.useParams()
    const { customer } = kioskRoute.useSearch()
    const session = useEmployeeSession()
    const mayUse = useCan('kiosk.use')
    if (session && session.employee.organisationSlug === slug && !mayUse) return <StaffArea slug={slug} />
    return <KioskArea slug={slug} customerId={customer ?? null} />
  },
})
