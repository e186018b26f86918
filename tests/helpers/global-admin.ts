import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { v7 as uuidv7 } from 'uuid'
import { API } from '../../contract/endpoints'
import type { App } from '../../server/app'
import { hashPassword } from '../../server/auth/passwords'
import { globalAdmins } from '../../server/db/schema'
import { unique } from './app'
import { bearer } from './factories'
import { freshIp } from './signup'
import { apiUrl } from './url'

export const GLOBAL_ADMIN_PASSWORD = 'Global-Admin1'

/** The current authenticator code of a base32 secret (what the admin's phone shows). */
export const totpNow = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at })

const post = (app: App, url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() })

/**
 * Issue 23: a global admin as they are after their first sign-in: password, second factor set
 * up through the API (secret and recovery codes kept here), signed in. `code()` is a fresh
 * authenticator code for a step-up: the last accepted step is forgotten first, since a code is
 * never taken twice and a test asks for several within 30 seconds.
 */
export async function seedGlobalAdmin(app: App, opts: { name?: string } = {}) {
  const id = uuidv7()
  const email = `${unique('ga-')}@example.test`
  await app.db.insert(globalAdmins).values({
    id,
    email,
    name: opts.name ?? 'Gerda Admin',
    passwordHash: await hashPassword(GLOBAL_ADMIN_PASSWORD),
  })
  const step = (await post(app, apiUrl(API.auth.globalLogin), { email, password: GLOBAL_ADMIN_PASSWORD })).json()
  const setup = (await post(app, apiUrl(API.auth.globalSecondFactorSetup), undefined, bearer(step.token))).json()
  const confirmed = await post(
    app,
    apiUrl(API.auth.globalSecondFactorConfirm),
    { code: totpNow(setup.secret) },
    bearer(step.token),
  )
  if (confirmed.statusCode !== 200) throw new Error(`second factor set-up failed: ${confirmed.body}`)
  const { session, recoveryCodes } = confirmed.json() as {
    session: { token: string; admin: { id: string } }
    recoveryCodes: string[]
  }
  const code = async () => {
    await app.db.update(globalAdmins).set({ totpLastStep: null }).where(eq(globalAdmins.id, id))
    return totpNow(setup.secret)
  }
  return {
    id,
    email,
    secret: setup.secret as string,
    token: session.token,
    headers: bearer(session.token),
    recoveryCodes,
    code,
  }
}
export type SeededGlobalAdmin = Awaited<ReturnType<typeof seedGlobalAdmin>>

/**
 * The sessions a sweep over every route needs for the platform's calls (their gate refuses
 * anyone else before the input is read): a global admin's full session, and the two half-way
 * sessions the second-factor steps take — after the password (the code step) and, for an admin
 * without a second factor yet, the set-up step. `headersFor(path)` picks the one a path takes,
 * or null for a call that is not the platform's.
 */
export async function platformSessions(app: App) {
  const admin = await seedGlobalAdmin(app)
  const login = async (email: string) =>
    (await post(app, apiUrl(API.auth.globalLogin), { email, password: GLOBAL_ADMIN_PASSWORD })).json() as {
      token: string
    }
  const codeStep = bearer((await login(admin.email)).token)
  const newcomer = `${unique('ga-new-')}@example.test`
  await app.db.insert(globalAdmins).values({
    id: uuidv7(),
    email: newcomer,
    name: 'Nieuwe Beheerder',
    passwordHash: await hashPassword(GLOBAL_ADMIN_PASSWORD),
  })
  const setupStep = bearer((await login(newcomer)).token)
  const steps: [string, Record<string, string>][] = [
    [API.auth.globalLoginCode.path, codeStep],
    [API.auth.globalSecondFactorSetup.path, setupStep],
    [API.auth.globalSecondFactorConfirm.path, setupStep],
  ]
  const headersFor = (path: string): Record<string, string> | null => {
    const step = steps.find(([p]) => path.endsWith(p))
    if (step) return step[1]
    // The platform's calls: under /global, the user manuals (issue 24: global admins write them
    // at the spec's /user-manuals paths, and read them like every employee) and the global uploads.
    return /\/global\/(?!authentication\/impersonation\/stop)|\/user-manuals\/|^(\/api)?\/upload\//.test(path)
      ? admin.headers
      : null
  }
  return { admin, headersFor }
}
