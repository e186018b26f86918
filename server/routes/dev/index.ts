import type { FastifyPluginAsync } from 'fastify'

// TODO(dev): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
