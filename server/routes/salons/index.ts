import type { FastifyPluginAsync } from 'fastify'

// TODO(salons): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
