import type { FastifyPluginAsync } from 'fastify'

// TODO(employees): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
