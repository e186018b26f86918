import type { FastifyPluginAsync } from 'fastify'
import create from './create'
import emailConfirmation from './email-confirmation'
import logo from './logo'
import own from './own'
import plugAndPay from './plug-and-pay'
import publicRoutes from './public'

const routes: FastifyPluginAsync = async (app) => {
  await app.register(create)
  await app.register(publicRoutes)
  await app.register(own)
  await app.register(logo)
  await app.register(emailConfirmation)
  await app.register(plugAndPay)
}
export default routes
