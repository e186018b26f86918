import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../errors'

/** Spec §8: the Dutch text says to try again in 15 minutes, so every window is 15 minutes. */
export const WINDOW = '15 minutes'

/**
 * Every limit is multiplied by RATE_LIMIT_FACTOR (config.rateLimitFactor, default 1): the e2e
 * suite runs every browser from one IP and raises it; production keeps the numbers below.
 */
export const scaled = (max: number) => (req: FastifyRequest) => max * req.server.config.rateLimitFactor

/** Route option: at most `max` calls per client IP per `timeWindow` (checked before the body is read). */
export const perIp = (max: number, timeWindow: string = WINDOW) => ({ rateLimit: { max: scaled(max), timeWindow } })

/**
 * A second limit keyed on the target account, so a password or code cannot be guessed from many
 * IPs either. Employee and global-admin e-mails are globally unique, so the e-mail alone is the
 * key (signing in through /admin or /{slug}/admin shares one budget); customer e-mails are unique
 * per organisation, so `perOrganisation` adds the `{org}` of the path. Used as a preHandler: the
 * body has been validated (and the e-mail lower-cased) by then.
 */
export function perAccount(app: FastifyInstance, name: string, max: number, opts: { perOrganisation?: boolean } = {}) {
  const check = app.createRateLimit({
    max: scaled(max),
    timeWindow: WINDOW,
    keyGenerator: (req: FastifyRequest) => {
      const email = (req.body as { email?: string } | undefined)?.email ?? ''
      const org = opts.perOrganisation ? ((req.params as { org?: string } | undefined)?.org ?? '').toLowerCase() : ''
      return `acct:${name}:${org}:${email}`
    },
  })
  return async (req: FastifyRequest) => {
    const r = await check(req)
    if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
  }
}
