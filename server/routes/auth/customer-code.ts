import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { requestCustomerCode, verifyCustomerCode } from '../../services/auth/customer-code'
import { USAGE_LIMITS } from '../usage-limits'
import { perAccount, perAccountIp, perIp, perOrganisationPath } from './limits'

/** Customer sign-in at /{slug}: a 6-character code by e-mail, then verify. */
const routes: FastifyPluginAsyncZod = async (app) => {
  handle(
    app,
    API.auth.customerLoginRequest,
    async ({ db, config, params, body }) => {
      await requestCustomerCode({ db, mailer: app.mailer, org: params.org, ...body, publicUrl: config.publicUrl })
      return { ok: true as const }
    },
    {
      config: perIp(20),
      // Issue 7 #11: 5 codes per e-mail from one IP; the e-mail's own cap (a mailbox flood guard)
      // is high enough that a stranger cannot keep the customer from getting a code for long.
      preHandler: [
        perAccountIp(app, 'code-request', 5, { perOrganisation: true }),
        perAccount(app, 'code-request', 20, { perOrganisation: true }),
        // Issue 7 #13: the organisation's code mails together (a spray over many e-mails).
        perOrganisationPath(app, 'code-request', USAGE_LIMITS.codeMailsPerOrganisation),
      ],
    },
  )

  handle(
    app,
    API.auth.customerLoginVerify,
    ({ db, config, params, body }) =>
      verifyCustomerCode({ db, org: params.org, ...body, sessionTtlHours: config.sessionTtlHours }),
    {
      config: perIp(30),
      // No per-e-mail lock-out: a code burns after 5 wrong tries (services/auth/customer-code.ts)
      // and codes are capped per e-mail above, so guessing stays bounded from any number of IPs.
      preHandler: perAccountIp(app, 'code-verify', 10, { perOrganisation: true }),
    },
  )
}
export default routes
