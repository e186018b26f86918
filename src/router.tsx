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
