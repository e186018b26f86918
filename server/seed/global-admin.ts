import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { zEmail, zPassword } from '../../contract/validation'
import { hashPassword } from '../auth/passwords'
import { deleteSessionsOf } from '../auth/sessions'
import type { Db } from '../db/client'
import { globalAdmins } from '../db/schema'

/**
 * Creates a global administrator, or sets a new password (and name) when the e-mail exists.
 * The password must follow the spec's password rule like every other password.
 */
export async function upsertGlobalAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'updated'> {
  const email = zEmail.parse(input.email)
  const password = zPassword.parse(input.password)
  const passwordHash = await hashPassword(password)
  const [existing] = await db.select().from(globalAdmins).where(eq(globalAdmins.email, email)).limit(1)
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(globalAdmins)
        .set({ passwordHash, name: input.name ?? existing.name })
        .where(eq(globalAdmins.id, existing.id))
      // Issue 23: a change to the account ends every session (and impersonation) of the admin.
      await deleteSessionsOf(tx, existing.id)
    })
    return 'updated'
  }
  await db.insert(globalAdmins).values({ id: uuidv7(), email, name: input.name ?? 'Global admin', passwordHash })
  return 'created'
}

export async function globalAdminExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: globalAdmins.id })
    .from(globalAdmins)
    .where(eq(globalAdmins.email, email.trim().toLowerCase()))
    .limit(1)
  return !!row
}
