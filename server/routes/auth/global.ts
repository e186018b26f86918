import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { findGlobalAdminByEmail, loginGlobalAdmin } from '../../services/auth/global'
import { impersonateEmployee, stopImpersonation } from '../../services/auth/impersonation'
import { confirmSecondFactor, signInWithCode, startSecondFactorSetup } from '../../services/auth/second-factor'
import { passwordThrottle, perIp, perSessionSubject } from './limits'

const routes: FastifyPluginAsyncZod = async (app) => {
  // Issue 7 #11: as for employees (routes/auth/limits.ts passwordThrottle), with tighter numbers.
  const throttle = passwordThrottle(app, {
    name: 'global-login',
    kind: 'globalAdmin',
    perAccountIp: 5,
    perUnknownDevices: 10,
    perDevice: 5,
    find: (req) => findGlobalAdminByEmail(app.db, (req.body as { email: string }).email),
  })
  handle(
    app,
    API.auth.globalLogin,
    async ({ db, body, req, reply }) => {
      const step = await loginGlobalAdmin({ db, ...body, ip: req.ip })
      throttle.remember(req, reply)
      return step
    },
    { config: perIp(10), preHandler: throttle.preHandler },
  )

  // Issue 23: every code path is limited like the sign-in: per IP, and per admin (5 wrong codes
  // in a window stop the guessing; each new try needs the password again, itself throttled).
  // One count per step (its own key): in memory and in Redis alike, the set-up's first code does
  // not spend a try of the sign-in's code step.
  const codeLimits = (step: string) => ({ config: perIp(10), preHandler: perSessionSubject(app, step, 5) })
  handle(
    app,
    API.auth.globalLoginCode,
    ({ db, caller, body, config }) =>
      signInWithCode({ db, principal: caller, code: body.code, keys: config.secretsKeys }),
    codeLimits('global-code'),
  )
  handle(app, API.auth.globalSecondFactorSetup, ({ db, caller, config }) =>
    startSecondFactorSetup({ db, principal: caller, keys: config.secretsKeys }),
  )
  handle(
    app,
    API.auth.globalSecondFactorConfirm,
    ({ db, caller, body, config }) =>
      confirmSecondFactor({ db, principal: caller, code: body.code, keys: config.secretsKeys }),
    codeLimits('global-setup-code'),
  )

  handle(
    app,
    API.auth.impersonate,
    ({ caller, db, body, req, config }) =>
      impersonateEmployee({ db, caller, principal: req.principal!, ...body, keys: config.secretsKeys }),
    { preHandler: perSessionSubject(app, 'impersonate', 10) },
  )
  handle(app, API.auth.stopImpersonation, async ({ caller, db, req }) => {
    await stopImpersonation({ db, mailer: req.server.mailer, principal: caller })
    return { ok: true as const }
  })
}
export default routes
