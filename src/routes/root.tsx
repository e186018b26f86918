import { createRootRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '../features/app/not-found'
import { RouterError } from '../features/app/router-error'

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <NotFoundPage />,
  errorComponent: RouterError,
})
