import type { FastifyPluginAsync } from 'fastify'
import collectionRoutes from './collection'
import conflictRoutes from './conflicts'
import deleteExportRoutes from './delete-export'
import itemRoutes from './item'
import meRoutes from './me'

/**
 * /organisations/{org}/customers. Static paths (email, all, search, me) are matched before /{id}
 * by the router, whatever the registration order.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(collectionRoutes)
  await app.register(meRoutes)
  await app.register(itemRoutes)
  await app.register(conflictRoutes)
  await app.register(deleteExportRoutes)
}
export default routes
