import { type AnyRoute, useMatches, useRouter } from '@tanstack/react-router'
import type { Action } from '../../../contract/policy'
import { useCanCheck } from '../auth/use-can'
import { NAV_ITEMS, type NavItem } from './nav-items'

/** The policy action a route declares (`staticData.action`), if any. */
const actionOf = (route: AnyRoute | undefined): Action | undefined => route?.options.staticData?.action

/**
 * May the signed-in employee use the screen at `to` (a route path such as
 * `/$slug/admin/dashboard`)? Reads the action the route declares, the same one the route guard
 * checks, so the navigation never offers a screen the guard would refuse.
 */
export function useScreenAccess(): (to: string) => boolean {
  const router = useRouter()
  const can = useCanCheck()
  const byPath = router.routesByPath as Record<string, AnyRoute | undefined>
  return (to) => {
    const action = actionOf(byPath[to])
    return !action || can(action)
  }
}

/** The navigation entries the employee may use, in their order. */
export function useNavItems(): readonly NavItem[] {
  const mayUse = useScreenAccess()
  return NAV_ITEMS.filter((item) => mayUse(item.to))
}

/** The action of the matched route chain the employee may not do, if any (the route guard). */
export function useDeniedAction(): Action | undefined {
  const can = useCanCheck()
  const matches = useMatches()
  for (const m of matches) {
    const action = m.staticData?.action
    if (action && !can(action)) return action
  }
  return undefined
}
