import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { organisations } from '../db/schema'
import { DEMO, seedDemoOrganisation } from './demo'
import { DEMO_DISCOUNT_CODES, seedDiscountCodes } from './discount-codes'
import { globalAdminExists, upsertGlobalAdmin } from './global-admin'

/**
 * Start-up data: the demo organisation on an empty database (SEED_DEMO) and the global
 * administrator from GLOBAL_ADMIN_EMAIL / GLOBAL_ADMIN_PASSWORD. Returns the lines main.ts
 * prints: how to sign in.
 */
export async function seedOnStart(opts: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<string[]> {
  const { db, config, log } = opts
  const url = config.publicUrl

  if (config.seedDemo) {
    // Only on an empty database: a real installation is never touched.
    const [any] = await db.select({ id: organisations.id }).from(organisations).limit(1)
    if (!any) {
      await seedDemoOrganisation(db)
      // A new user tries a plan purchase with a code on the local checkout.
      await seedDiscountCodes(db)
      log.info('demo organisation created')
    }
  }

  let globalLine =
    'Global admin: set GLOBAL_ADMIN_EMAIL and GLOBAL_ADMIN_PASSWORD or run npm run create-global-admin -- <email> <password> [name]'
  if (config.globalAdminEmail && config.globalAdminPassword) {
    try {
      // Created once; afterwards the environment does not overwrite a password changed since.
      if (!(await globalAdminExists(db, config.globalAdminEmail))) {
        await upsertGlobalAdmin(db, { email: config.globalAdminEmail, password: config.globalAdminPassword })
        log.info({ email: config.globalAdminEmail }, 'global admin created')
      }
      globalLine = `Global admin: ${url}/global-admin  —  ${config.globalAdminEmail}`
    } catch (err) {
      log.error(
        { err },
        'GLOBAL_ADMIN_EMAIL / GLOBAL_ADMIN_PASSWORD rejected (password rule: 8+ characters, a-z, A-Z, 0-9)',
      )
    }
  }

  const lines: string[] = []
  const [demo] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO.slug))
  if (demo) {
    lines.push(`Staff sign-in: ${url}/${DEMO.slug}/admin  —  ${DEMO.ownerEmail} / ${DEMO.password}`)
    lines.push(`Reception (Amsterdam only): ${DEMO.receptionEmail} / ${DEMO.password}`)
    lines.push(
      config.devMailbox
        ? `Customer sign-in: ${url}/${DEMO.slug}  —  ${DEMO.customerEmail}, code from ${url}/dev/mailbox`
        : `Customer sign-in: ${url}/${DEMO.slug}  —  ${DEMO.customerEmail}, code by e-mail`,
    )
  } else {
    lines.push(`Create an organisation: ${url}/start`)
  }
  if (demo && !config.mollieApiKey) {
    lines.push(
      `Payments: the local checkout (no MOLLIE_API_KEY), from Abonnement in the staff menu; discount codes ${DEMO_DISCOUNT_CODES.map((c) => c.code).join(', ')}`,
    )
  }
  lines.push(globalLine)
  return lines
}
