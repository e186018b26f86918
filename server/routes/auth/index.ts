import type { FastifyPluginAsync } from 'fastify'
import customerCode from './customer-code'
import employee from './employee'
import global from './global'
import passwordReset from './password-reset'

/** Sign-in, sign-out, password reset, customer code and global admin calls. All rate-limited. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(employee)
  await app.register(passwordReset)
  await app.register(customerCode)
  await app.register(global)
}
export default routes
