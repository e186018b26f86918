import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors'
import { scaled, WINDOW } from './auth/limits'

/*
 * Issue 7 #13: everything that sends messages or stores files is bounded per organisation and
 * per customer, counted like the sign-in limits (Redis when configured, else in memory), in the
 * same 15-minute window the Dutch "too many requests" text names. Numbers are per window and are
 * multiplied by RATE_LIMIT_FACTOR like every limit.
 */
export const USAGE_LIMITS = {
  /** Questionnaire sends (one call, up to 500 recipients) per organisation. */
  sendsPerOrganisation: 20,
  /** Questionnaire messages (e-mail or WhatsApp) per organisation, whoever sends them. */
  messagesPerOrganisation: 1000,
  /** Questionnaire messages one customer receives: a mistake never floods their inbox. */
  messagesPerCustomer: 3,
  /** Sign-in code mails per organisation (per e-mail and per IP: routes/auth/customer-code.ts). */
  codeMailsPerOrganisation: 300,
  /** Stored files (question images, photo answers) per organisation, staff and customers together. */
  uploadsPerOrganisation: 600,
  /** Photo answers one customer uploads (a questionnaire has a handful of photo questions). */
  uploadsPerCustomer: 30,
} as const

type Keyed = FastifyRequest & { usageKey: string }

/**
 * A counter for keys the caller names after authentication (so a stranger cannot spend an
 * organisation's budget): `take(req, key)` counts one and says whether it was within `max`.
 */
export function usageCounter(app: FastifyInstance, max: number) {
  const check = app.createRateLimit({
    max: scaled(max),
    timeWindow: WINDOW,
    keyGenerator: (req) => `usage:${(req as Keyed).usageKey}`,
  })
  return async (req: FastifyRequest, key: string): Promise<boolean> => {
    // The request itself carries the route's settings; the key rides on a thin wrapper.
    const r = await check(Object.create(req, { usageKey: { value: key } }) as Keyed)
    return r.isAllowed || !r.isExceeded
  }
}

/** Like usageCounter, answering 429 TOO_MANY_REQUESTS (translated on the client) when spent. */
export function usageLimit(app: FastifyInstance, max: number) {
  const take = usageCounter(app, max)
  return async (req: FastifyRequest, key: string) => {
    if (!(await take(req, key))) throw new AppError('TOO_MANY_REQUESTS')
  }
}
