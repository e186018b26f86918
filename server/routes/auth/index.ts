import type { FastifyPluginAsync } from 'fastify'

// TODO(auth): routes of this resource.
const routes: FastifyPluginAsync = async () => {}
export default routes
