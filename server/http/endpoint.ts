import { type EndpointSpec, routeSchema } from '../../contract/endpoints'

/**
 * Method, path and schemas of a route, from its definition in contract/endpoints (the one the
 * client calls and OpenAPI describes): `app.route({ ...fromEndpoint(API.salons.list), handler })`.
 * The route file adds only what is the server's own: the handler, rate limits, hooks.
 */
export const fromEndpoint = <const E extends EndpointSpec>(e: E) => ({
  method: e.method,
  url: e.path,
  schema: routeSchema(e),
})
