import type { FastifyPluginAsync } from 'fastify'

// TODO(organisations): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
