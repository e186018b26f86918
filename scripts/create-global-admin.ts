/**
 * Creates the first (or another) global administrator, or resets the password of an existing one:
 *   npm run create-global-admin -- <email> <password> [name]
 * Issue 23, for an existing one (each ends every session of theirs):
 *   npm run create-global-admin -- --reset-second-factor <email>   (set up again at the next sign-in)
 *   npm run create-global-admin -- --deactivate <email>            (--activate undoes it)
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR).
 * Stop a running server first when it uses PGlite: only one process can open those files.
 */
import { mkdirSync } from 'node:fs'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { runMigrations } from '../server/db/migrate'
import { upsertGlobalAdmin } from '../server/seed/global-admin'
import { resetGlobalAdminSecondFactor, setGlobalAdminActive } from '../server/services/auth/global'
import { globalAdmins } from '../server/db/schema'
import { eq } from 'drizzle-orm'

const USAGE =
  'Usage: npm run create-global-admin -- <email> <password> [name]\n' +
  '       npm run create-global-admin -- --reset-second-factor|--deactivate|--activate <email>'
const args = process.argv.slice(2)
const flag = args[0]?.startsWith('--') ? args[0] : null
const [email, password, ...nameParts] = flag ? args.slice(1) : args
if (
  !email ||
  (!flag && !password) ||
  (flag && !['--reset-second-factor', '--deactivate', '--activate'].includes(flag))
) {
  console.error(USAGE)
  process.exit(2)
}

const config = loadConfig()
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true })
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` })
try {
  await runMigrations(database)
  if (flag) {
    const db = database.db
    const [admin] = await db.select().from(globalAdmins).where(eq(globalAdmins.email, email.trim().toLowerCase()))
    if (!admin) throw new Error(`No global admin ${email}`)
    if (flag === '--reset-second-factor') await resetGlobalAdminSecondFactor(db, admin.id)
    else await setGlobalAdminActive(db, admin.id, flag === '--activate')
    console.log(`Global admin ${email}: ${flag.slice(2)} done; their sessions have ended.`)
  } else {
    const result = await upsertGlobalAdmin(database.db, { email, password, name: nameParts.join(' ') || undefined })
    console.log(`Global admin ${email} ${result}. Sign in at ${config.publicUrl}/global-admin`)
  }
} catch (err) {
  const issues = (err as { issues?: { message: string }[] }).issues
  console.error(issues ? issues.map((i) => i.message).join('\n') : err)
  process.exitCode = 1
} finally {
  await database.close()
}
