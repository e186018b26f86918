import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { confirmOwnerEmail, resendOwnerConfirmation } from '../../services/organisations/email-confirmation'
import { perIp, perOrganisationPath } from '../auth/limits'

/**
 * Issue 21 #16: the owner confirms their e-mail address, or asks for a new code. Limited like the
 * customer's code calls: guesses per IP and per organisation (a code also burns after five wrong
 * tries), and code mails per organisation (a mailbox flood guard).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(
    app,
    API.organisations.confirmEmail,
    ({ caller, db, body }) => confirmOwnerEmail({ db, caller, code: body.code }),
    {
      config: perIp(30),
      preHandler: perOrganisationPath(app, 'owner-confirm', 20),
    },
  )
  handle(
    app,
    API.organisations.resendEmailConfirmation,
    ({ caller, db, config }) =>
      resendOwnerConfirmation({ db, caller, mailer: app.mailer, publicUrl: config.publicUrl }),
    { config: perIp(10), preHandler: perOrganisationPath(app, 'owner-confirm-mail', 5) },
  )
}
export default routes
