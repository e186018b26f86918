import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../../errors'

/** Spec §8: the Dutch text says to try again in 15 minutes, so every window is 15 minutes. */
export const WINDOW = '15 minutes'

/** Route option: at most `max` calls per client IP per window (checked before the body is read). */
export const perIp = (max: number) => ({ rateLimit: { max, timeWindow: WINDOW } })

/**
 * A second limit keyed on the target account (e-mail, plus the organisation when named), so a
 * password or code cannot be guessed from many IPs either. Used as a preHandler: the body has
 * been validated by then.
 */
export function perAccount(app: FastifyInstance, name: string, max: number) {
  const check = app.createRateLimit({
    max,
    timeWindow: WINDOW,
    keyGenerator: (req: FastifyRequest) => {
      const body = (req.body ?? {}) as { email?: string }
      const params = (req.params ?? {}) as { org?: string }
      return `acct:${name}:${params.org ?? ''}:${body.email ?? ''}`
    },
  })
  return async (req: FastifyRequest) => {
    const r = await check(req)
    if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
  }
}
