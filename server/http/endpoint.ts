import { type EndpointSpec, endpointName, operationOf, routeSchema } from '../../contract/endpoints'

/**
 * Method, path and schemas of a route, from its definition in contract/endpoints (the one the
 * client calls and OpenAPI describes), with its OpenAPI operation: id, summary and who may call
 * (contract/endpoints/operation.ts). Used by `handle` (server/http/handle.ts), which every route
 * goes through.
 */
export function fromEndpoint<const E extends EndpointSpec>(e: E) {
  const schema = { ...operationOf(endpointName(e), e), ...routeSchema(e) }
  // A schema key present but undefined makes Fastify warn that the schema is missing.
  for (const k of Object.keys(schema) as (keyof typeof schema)[]) if (schema[k] === undefined) delete schema[k]
  return { method: e.method, url: e.path, schema }
}
