import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { rememberDevice, type TrustKind, trustedDevice } from '../../auth/device-trust'
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

const emailOf = (req: FastifyRequest) => (req.body as { email?: string } | undefined)?.email ?? ''
const orgOf = (req: FastifyRequest, perOrganisation?: boolean) =>
  perOrganisation ? ((req.params as { org?: string } | undefined)?.org ?? '').toLowerCase() : ''

/** A limiter on a key the caller computes (stored in Redis or memory like every route limit). */
function limiter(app: FastifyInstance, max: number, key: (req: FastifyRequest) => string) {
  const check = app.createRateLimit({ max: scaled(max), timeWindow: WINDOW, keyGenerator: key })
  return async (req: FastifyRequest) => {
    const r = await check(req)
    if (!r.isAllowed && r.isExceeded) throw new AppError('TOO_MANY_REQUESTS')
  }
}

/**
 * A limit keyed on the target account. It is a lock-out for everyone (an attacker who knows the
 * e-mail can trigger it), so it only guards what a mailbox can take, never a sign-in by itself
 * (issue 7 #11). Customer e-mails are unique per organisation, so `perOrganisation` adds the
 * `{org}` of the path. Used as a preHandler: the body has been validated (and the e-mail
 * lower-cased) by then.
 */
export function perAccount(app: FastifyInstance, name: string, max: number, opts: { perOrganisation?: boolean } = {}) {
  return limiter(app, max, (req) => `acct:${name}:${orgOf(req, opts.perOrganisation)}:${emailOf(req)}`)
}

/** A limit on everything sent for the organisation named in the path (public calls). */
export function perOrganisationPath(app: FastifyInstance, name: string, max: number) {
  return limiter(app, max, (req) => `org:${name}:${orgOf(req, true)}`)
}

/**
 * A limit keyed on the target account and the client's IP: guessing from one place is bounded
 * without touching the account's owner elsewhere (OWASP: count per account and IP).
 */
export function perAccountIp(
  app: FastifyInstance,
  name: string,
  max: number,
  opts: { perOrganisation?: boolean } = {},
) {
  return limiter(app, max, (req) => `acctip:${name}:${orgOf(req, opts.perOrganisation)}:${emailOf(req)}:${req.ip}`)
}

/**
 * Issue 23: a limit on the signed-in subject (a global admin's code steps and step-up): guessing
 * codes is bounded per account whatever the IP, and the password is needed again for a new try.
 */
export function perSessionSubject(app: FastifyInstance, name: string, max: number) {
  return limiter(app, max, (req) => {
    const p = req.principal
    const subject = !p ? '' : p.kind === 'globalAdmin' ? p.adminId : p.kind === 'employee' ? p.employeeId : p.customerId
    return `subject:${name}:${subject}`
  })
}

/**
 * Password sign-in (employees, global admins), after OWASP's device-cookie scheme: per IP (route
 * config), per account + IP, and then either per trusted device (a browser that signed in to this
 * account before, server/auth/device-trust.ts) or, for every unknown device together, per account.
 * Flooding an e-mail from many IPs shuts out unknown devices for the window, never the devices
 * the account's owner already uses. `remember` marks the browser as trusted after a success.
 */
export function passwordThrottle<A extends { id: string; passwordHash: string }>(
  app: FastifyInstance,
  opts: {
    name: string
    kind: TrustKind
    perAccountIp: number
    perUnknownDevices: number
    perDevice: number
    find: (req: FastifyRequest) => Promise<A | null>
  },
) {
  const found = new WeakMap<FastifyRequest, { account: A | null; device: string | null }>()
  const ipCheck = perAccountIp(app, opts.name, opts.perAccountIp)
  const deviceCheck = limiter(app, opts.perDevice, (req) => `dev:${opts.name}:${found.get(req)?.device}`)
  const unknownCheck = limiter(app, opts.perUnknownDevices, (req) => `unknown:${opts.name}:${emailOf(req)}`)
  const preHandler = async (req: FastifyRequest) => {
    await ipCheck(req)
    const account = await opts.find(req)
    const device = trustedDevice(req, opts.kind, account)
    found.set(req, { account, device })
    await (device ? deviceCheck(req) : unknownCheck(req))
  }
  const remember = (req: FastifyRequest, reply: FastifyReply) => {
    const account = found.get(req)?.account
    if (account) rememberDevice(req, reply, opts.kind, account)
  }
  return { preHandler, remember }
}
