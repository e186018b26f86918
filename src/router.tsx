import { createRouter } from '@tanstack/react-router'
import { Blank } from './features/app/blank'
import { NotFoundPage } from './features/app/not-found'
import { RouterError } from './features/app/router-error'
import { routeTree } from './routes/tree'

export const router = createRouter({
  routeTree,
  defaultPendingComponent: Blank,
  defaultPendingMs: 0,
  defaultErrorComponent: RouterError,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}
