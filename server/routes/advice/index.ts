import type { FastifyPluginAsync } from 'fastify'
import customer from './customer'
import modules from './modules'

/**
 * Grow / advice (issue 11), one resource (contract/endpoints/advice):
 * - modules: a branch's Grow modules, groups and conditions (`API.advice`);
 * - customer: the advice a customer's answers choose, and its notifications (`API.customerAdvice`).
 * A module's audio is uploaded with the other uploads (routes/uploads, POST …/upload/audio).
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(modules)
  await app.register(customer)
}
export default routes
