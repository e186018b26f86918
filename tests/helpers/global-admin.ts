import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { createSession } from '../../server/auth/sessions'
import { globalAdmins } from '../../server/db/schema'
import { unique } from './app'
import { bearer } from './factories'

/**
 * A global admin with a session (made directly: no sign-in throttle to spend). Its password hash
 * signs nothing in; tests of the sign-in itself seed their own (tests/api/global-auth.test.ts).
 */
export async function seedGlobalAdmin(app: App, opts: { name?: string } = {}) {
  const id = uuidv7()
  const email = `${unique('ga-')}@example.test`
  await app.db.insert(globalAdmins).values({ id, email, name: opts.name ?? 'Gerda Global', passwordHash: 'x' })
  const { token } = await createSession(app.db, {
    kind: 'globalAdmin',
    subjectId: id,
    organisationId: null,
    ttlHours: 1,
  })
  return { id, email, token, headers: bearer(token) }
}
