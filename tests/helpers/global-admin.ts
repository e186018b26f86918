import { v7 as uuidv7 } from 'uuid'
import type { App } from '../../server/app'
import { createSession } from '../../server/auth/sessions'
import { globalAdmins } from '../../server/db/schema'
import { unique } from './app'
import { bearer } from './factories'

/** A global admin with a session (no sign-in: its own throttle is not what these tests are about). */
export async function globalAdminSession(app: App) {
  const id = uuidv7()
  await app.db
    .insert(globalAdmins)
    .values({ id, email: `${unique('ga-')}@example.test`, name: 'Gerda', passwordHash: 'not-used' })
  const { token } = await createSession(app.db, {
    kind: 'globalAdmin',
    subjectId: id,
    organisationId: null,
    ttlHours: 1,
  })
  return { id, headers: bearer(token) }
}
