import { type EndpointSpec, routeSchema } from '../../contract/endpoints'

/**
 * Method, path and schemas of a route, from its definition in contract/endpoints (the one the
 * client calls and OpenAPI describes): `app.route({ ...fromEndpoint(API.salons.list), handler })`.
 * The route file adds only what is the server's own: the handler, rate limits, hooks.
 */
export function fromEndpoint<const E extends EndpointSpec>(e: E) {
  const schema = routeSchema(e)
  // A schema key present but undefined makes Fastify warn that the schema is missing.
  for (const k of Object.keys(schema) as (keyof typeof schema)[]) if (schema[k] === undefined) delete schema[k]
  return { method: e.method, url: e.path, schema }
}
