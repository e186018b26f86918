import type { FastifyPluginAsync } from 'fastify'

// TODO(sync): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
