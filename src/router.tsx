import { createRouter } from '@tanstack/react-router'
import type { Action } from '../contract/policy'
import { Blank } from './features/app/blank'
import { NotFoundPage } from './features/app/not-found'
import { RouterError } from './features/app/router-error'
import { routeTree } from './routes/tree'

export const router = createRouter({
  routeTree,
  defaultPendingComponent: Blank,
  defaultPendingMs: 0,
  // The router's default keeps a shown pending screen up for at least 500 ms: on every cold
  // start (the blank placeholder shows at once) that held the first screen half a second with
  // nothing to wait for (issue 25: opening the installed app offline). Ours is blank, so it may
  // go as soon as the screen is there.
  defaultPendingMinMs: 0,
  defaultErrorComponent: RouterError,
  defaultNotFoundComponent: () => <NotFoundPage />,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /**
     * The policy action (contract/policy.ts) a staff screen needs. The staff shell's route guard
     * and the navigation both read it: a screen the employee may not use shows the no-access page.
     */
    action?: Action
  }
}
