import type { FastifyPluginAsync } from 'fastify'

// TODO(customers): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
