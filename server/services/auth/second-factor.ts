import { randomInt } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import { v7 as uuidv7 } from 'uuid'
import type { GlobalSession } from '../../../contract/auth'
import { sha256 } from '../../auth/passwords'
import { needsSealing, openSecret, type SecretKeys, sealSecret } from '../../auth/secret-box'
import {
  createSession,
  deleteSession,
  GLOBAL_SESSION_HOURS,
  type PendingStep,
  type Principal,
} from '../../auth/sessions'
import type { Db, DbOrTx } from '../../db/client'
import { globalAdminRecoveryCodes, globalAdmins } from '../../db/schema'
import { AppError } from '../../errors'
import { audit } from '../audit'

/*
 * Issue 23: the global admins' second factor, TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1,
 * what every authenticator app reads from an otpauth:// URI) through `otpauth`, and 10
 * single-use recovery codes of which only the SHA-256 is kept. A code is accepted one step early
 * or late (clock drift) and never twice: the step of the last accepted code is stored.
 */

const ISSUER = 'Salon'
const PERIOD = 30
export const RECOVERY_CODE_COUNT = 10
/** Recovery code letters: no 0/o, 1/l/i (read aloud or typed from paper). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Where an admin's TOTP secret is kept (its pending one too): a sealed copy opens only there. */
const secretContext = (adminId: string) => `global_admins.totp:${adminId}`

/** The admin's confirmed secret, opened; SECOND_FACTOR_SETUP_REQUIRED while there is none. */
function totpSecretOf(admin: Admin, keys: SecretKeys): string {
  if (!admin.totpSecret) throw new AppError('SECOND_FACTOR_SETUP_REQUIRED')
  return openSecret(admin.totpSecret, secretContext(admin.id), keys)
}

const totpOf = (secret: string, email: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label: email, secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD })

type Admin = typeof globalAdmins.$inferSelect

/** A pending session of this step, else 403 (handle's gate already refused the others). */
function pendingAdmin(principal: Principal, step: PendingStep): string {
  if (principal.kind !== 'globalAdmin' || principal.pendingStep !== step) throw new AppError('FORBIDDEN')
  return principal.adminId
}

async function adminById(db: DbOrTx, id: string): Promise<Admin> {
  const [admin] = await db.select().from(globalAdmins).where(eq(globalAdmins.id, id)).limit(1)
  if (!admin) throw new AppError('UNAUTHENTICATED')
  return admin
}

/**
 * Checks an authenticator code against `secret` and takes its step (so it never works again), or a
 * recovery code (used up). Normalised codes: 6 digits, or 10 letters/digits. Throws
 * INVALID_SECOND_FACTOR_CODE, audited as a failed sign-in step.
 */
async function takeCode(db: DbOrTx, admin: Admin, secret: string, code: string): Promise<'totp' | 'recovery'> {
  if (/^\d{6}$/.test(code)) {
    const delta = totpOf(secret, admin.email).validate({ token: code, window: 1 })
    if (delta !== null) {
      const step = Math.floor(Date.now() / 1000 / PERIOD) + delta
      const taken = await db
        .update(globalAdmins)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(globalAdmins.id, admin.id),
            or(isNull(globalAdmins.totpLastStep), lt(globalAdmins.totpLastStep, step)),
          ),
        )
        .returning({ id: globalAdmins.id })
      if (taken.length) return 'totp'
    }
  } else {
    const used = await db
      .update(globalAdminRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(globalAdminRecoveryCodes.adminId, admin.id),
          eq(globalAdminRecoveryCodes.codeHash, sha256(code)),
          isNull(globalAdminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: globalAdminRecoveryCodes.id })
    if (used.length) return 'recovery'
  }
  await audit(db, {
    organisationId: null,
    actorKind: 'globalAdmin',
    actorId: admin.id,
    event: 'failedSecondFactor',
  })
  throw new AppError('INVALID_SECOND_FACTOR_CODE')
}

/**
 * A global admin's current second factor (the step-up before impersonating): a fresh
 * authenticator code or an unused recovery code, else INVALID_SECOND_FACTOR_CODE.
 */
export async function verifySecondFactor(db: DbOrTx, adminId: string, code: string, keys: SecretKeys): Promise<void> {
  const admin = await adminById(db, adminId)
  await takeCode(db, admin, totpSecretOf(admin, keys), code)
}

/** The pending step's session is replaced by a full one (a new token: the step's token ends). */
async function openSession(db: DbOrTx, principal: Principal, admin: Admin): Promise<GlobalSession> {
  await deleteSession(db, principal.sessionId)
  const { token, expiresAt } = await createSession(db, {
    kind: 'globalAdmin',
    subjectId: admin.id,
    organisationId: null,
    ttlHours: GLOBAL_SESSION_HOURS,
  })
  await audit(db, { organisationId: null, actorKind: 'globalAdmin', actorId: admin.id, event: 'login' })
  return { token, expiresAt: expiresAt.toISOString(), admin: { id: admin.id, email: admin.email, name: admin.name } }
}

/** POST /global/authentication/login/code: the code after the password opens the session. */
export async function signInWithCode(opts: {
  db: Db
  principal: Principal
  code: string
  keys: SecretKeys
}): Promise<GlobalSession> {
  const admin = await adminById(opts.db, pendingAdmin(opts.principal, 'secondFactorCode'))
  await takeCode(opts.db, admin, totpSecretOf(admin, opts.keys), opts.code)
  return openSession(opts.db, opts.principal, admin)
}

/**
 * POST /global/authentication/second-factor/setup: a new secret (replacing one not yet confirmed),
 * as the otpauth URI, its QR code and the base32 text to type in.
 */
export async function startSecondFactorSetup(opts: { db: Db; principal: Principal; keys: SecretKeys }) {
  const admin = await adminById(opts.db, pendingAdmin(opts.principal, 'secondFactorSetup'))
  if (admin.totpSecret) throw new AppError('SECOND_FACTOR_ALREADY_SET_UP')
  const secret = new OTPAuth.Secret({ size: 20 }).base32
  await opts.db
    .update(globalAdmins)
    .set({ totpPendingSecret: sealSecret(secret, secretContext(admin.id), opts.keys) })
    .where(eq(globalAdmins.id, admin.id))
  const uri = totpOf(secret, admin.email).toString()
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) }
}

/** Ten fresh recovery codes (`abcde-fghij`), replacing any earlier ones; only hashes are stored. */
async function newRecoveryCodes(db: DbOrTx, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  await db.delete(globalAdminRecoveryCodes).where(eq(globalAdminRecoveryCodes.adminId, adminId))
  await db.insert(globalAdminRecoveryCodes).values(codes.map((c) => ({ id: uuidv7(), adminId, codeHash: sha256(c) })))
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`)
}

/**
 * POST /global/authentication/second-factor/confirm: the first code proves the app holds the
 * secret; it becomes the admin's, the recovery codes are made (shown this once) and the session opens.
 */
export async function confirmSecondFactor(opts: { db: Db; principal: Principal; code: string; keys: SecretKeys }) {
  const { db, principal } = opts
  const admin = await adminById(db, pendingAdmin(principal, 'secondFactorSetup'))
  if (admin.totpSecret) throw new AppError('SECOND_FACTOR_ALREADY_SET_UP')
  const pending = admin.totpPendingSecret
  if (!pending || !/^\d{6}$/.test(opts.code)) throw new AppError('INVALID_SECOND_FACTOR_CODE')
  const secret = openSecret(pending, secretContext(admin.id), opts.keys)
  await takeCode(db, admin, secret, opts.code)
  return db.transaction(async (tx) => {
    await tx
      .update(globalAdmins)
      .set({ totpSecret: sealSecret(secret, secretContext(admin.id), opts.keys), totpPendingSecret: null })
      .where(eq(globalAdmins.id, admin.id))
    const recoveryCodes = await newRecoveryCodes(tx, admin.id)
    await audit(tx, { organisationId: null, actorKind: 'globalAdmin', actorId: admin.id, event: 'secondFactorSetUp' })
    return { recoveryCodes, session: await openSession(tx, principal, admin) }
  })
}

/**
 * At start: every TOTP secret not sealed with the current SECRETS_KEY is sealed with it — stored
 * as given before a key was set, or under a key now second in the list (rotation). Each row is
 * written only if unchanged since read, so instances starting together do it once. Returns how
 * many were sealed.
 */
export async function resealSecrets(db: Db, keys: SecretKeys): Promise<number> {
  if (keys.length === 0) return 0
  const rows = await db
    .select({ id: globalAdmins.id, secret: globalAdmins.totpSecret, pending: globalAdmins.totpPendingSecret })
    .from(globalAdmins)
    .where(or(isNotNull(globalAdmins.totpSecret), isNotNull(globalAdmins.totpPendingSecret)))
  let sealed = 0
  for (const row of rows) {
    const again = (v: string | null) =>
      v && needsSealing(v, keys)
        ? sealSecret(openSecret(v, secretContext(row.id), keys), secretContext(row.id), keys)
        : v
    const secret = again(row.secret)
    const pending = again(row.pending)
    if (secret === row.secret && pending === row.pending) continue
    const done = await db
      .update(globalAdmins)
      .set({ totpSecret: secret, totpPendingSecret: pending })
      .where(
        and(
          eq(globalAdmins.id, row.id),
          row.secret === null ? isNull(globalAdmins.totpSecret) : eq(globalAdmins.totpSecret, row.secret),
          row.pending === null
            ? isNull(globalAdmins.totpPendingSecret)
            : eq(globalAdmins.totpPendingSecret, row.pending),
        ),
      )
      .returning({ id: globalAdmins.id })
    sealed += done.length
  }
  return sealed
}
