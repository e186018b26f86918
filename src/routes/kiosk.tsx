import { createRoute, useParams } from '@tanstack/react-router'
import { useEmployeeSession } from '../features/auth/session'
import { useCan } from '../features/auth/use-can'
import { lazyNamed } from './lazy'
import { rootRoute } from './root'
import { ZKioskSearch } from './search'

const KioskLayout = lazyNamed(() => import('../features/kiosk/kiosk-layout'), 'KioskLayout')
const KioskScreen = lazyNamed(() => import('../features/kiosk/kiosk-screen'), 'KioskScreen')
const StaffArea = lazyNamed(() => import('../features/shell/staff-area'), 'StaffArea')

/**
 * The kiosk's layout: the hand-over's lock and the frame around its screens, outside the staff
 * shell (no navigation to tap away to). A sibling of the staff route, not its child, so none of
 * the shell's chrome renders; the staff route sends the tablet back here while a hand-over is
 * active. An employee who may not use the kiosk gets the staff shell, whose route guard reads the
 * kiosk route's action and shows the no-access page.
 */
export const kioskLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'kiosk',
  component: function KioskLayoutRoute() {
    const { slug } = useParams({ strict: false }) as { slug: string }
    const session = useEmployeeSession()
    const mayUse = useCan('kiosk.use')
    if (session && session.employee.organisationSlug === slug && !mayUse) return <StaffArea slug={slug} />
    return <KioskLayout slug={slug} />
  },
})

/** `/{slug}/admin/kiosk?customer=`: the kiosk hand-over (start, fill or sign, hand-back). */
export const kioskRoute = createRoute({
  getParentRoute: () => kioskLayoutRoute,
  path: '/$slug/admin/kiosk',
  staticData: { action: 'kiosk.use' },
  validateSearch: ZKioskSearch,
  component: function KioskRoute() {
    const { customer } = kioskRoute.useSearch()
    return <KioskScreen preselectedCustomerId={customer ?? null} />
  },
})
