import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify'
import { AppError } from '../errors'

/**
 * A route is public when its schema says so the OpenAPI way: `security: []` (no credentials).
 * Every other route needs a live session: one place, so a new route is protected by default.
 */
export const isPublicRoute = (route: Pick<RouteOptions, 'schema'>) => {
  const security = (route.schema as { security?: unknown } | undefined)?.security
  return Array.isArray(security) && security.length === 0
}

/**
 * Runs in onRequest, after the app-wide hook that reads the bearer token and before the body is
 * parsed or validated: a caller without a valid session learns nothing about the body a route
 * expects (401, never a 400 listing the schema's fields). Roles and tenants are checked after
 * validation, by `handle` (the definition's action, server/http/handle.ts) and the services.
 */
const requireSession: onRequestHookHandler = async (req: FastifyRequest) => {
  if (!req.principal) throw new AppError('UNAUTHENTICATED')
}

/** Adds the session check to every non-public route registered after this call in `app`. */
export function protectRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (isPublicRoute(route)) return
    const own = route.onRequest ? [route.onRequest].flat() : []
    if (own.includes(requireSession)) return
    route.onRequest = [requireSession, ...own]
  })
}
