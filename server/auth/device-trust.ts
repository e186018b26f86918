import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/*
 * OWASP "device cookies" (Slow Down Online Guessing Attacks with Device Cookies): a browser that
 * signed in to an account before carries a cookie proving it, and its sign-in attempts are
 * counted on their own. Attempts from unknown devices share the account's budget, so someone who
 * knows a staff e-mail can lock out unknown devices for 15 minutes, but never the salon's own
 * tablet or the employee's laptop.
 *
 * The proof is an HMAC keyed with the account's password hash: nothing to configure, valid on
 * every instance, and a password change (or reset) withdraws every device's trust at once.
 */
export const DEVICE_COOKIE = 'device_trust'
/** Several people sign in on one salon tablet: the most recent accounts are remembered. */
const MAX_ACCOUNTS = 10
const MAX_AGE_SECONDS = 180 * 24 * 3600

export type TrustKind = 'employee' | 'globalAdmin'
type Account = { id: string; passwordHash: string }

const mac = (kind: TrustKind, account: Account, nonce: string) =>
  createHmac('sha256', account.passwordHash).update(`${kind}:${account.id}:${nonce}`).digest('base64url').slice(0, 27)

type Entry = { accountId: string; nonce: string; mac: string }
function entries(req: FastifyRequest): Entry[] {
  const raw = req.cookies?.[DEVICE_COOKIE] ?? ''
  return raw
    .split('~')
    .map((e) => e.split('.'))
    .filter((p) => p.length === 3 && p.every((x) => /^[\w-]{1,64}$/.test(x)))
    .map(([accountId, nonce, m]) => ({ accountId, nonce, mac: m }))
}

/** The device's id for this account when its cookie proves an earlier sign-in, else null. */
export function trustedDevice(req: FastifyRequest, kind: TrustKind, account: Account | null): string | null {
  if (!account) return null
  for (const e of entries(req)) {
    if (e.accountId !== account.id) continue
    const want = Buffer.from(mac(kind, account, e.nonce))
    const got = Buffer.from(e.mac)
    if (want.length === got.length && timingSafeEqual(want, got)) return e.nonce
  }
  return null
}

/** After a successful sign-in: this browser is a known device of the account from now on. */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, kind: TrustKind, account: Account) {
  const nonce = trustedDevice(req, kind, account) ?? randomBytes(12).toString('base64url')
  const others = entries(req).filter((e) => e.accountId !== account.id)
  const all = [...others, { accountId: account.id, nonce, mac: mac(kind, account, nonce) }].slice(-MAX_ACCOUNTS)
  reply.setCookie(DEVICE_COOKIE, all.map((e) => `${e.accountId}.${e.nonce}.${e.mac}`).join('~'), {
    // Only the sign-in calls read it.
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: MAX_AGE_SECONDS,
  })
}
