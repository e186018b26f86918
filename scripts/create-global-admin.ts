/**
 * Creates the first (or another) global administrator, or resets the password of an existing one:
 *   npm run create-global-admin -- <email> <password> [name]
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR).
 * Stop a running server first when it uses PGlite: only one process can open those files.
 */
import { mkdirSync } from 'node:fs'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { runMigrations } from '../server/db/migrate'
import { upsertGlobalAdmin } from '../server/seed/global-admin'

const [email, password, ...nameParts] = process.argv.slice(2)
if (!email || !password) {
  console.error('Usage: npm run create-global-admin -- <email> <password> [name]')
  process.exit(2)
}

const config = loadConfig()
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true })
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` })
try {
  await runMigrations(database)
  const result = await upsertGlobalAdmin(database.db, { email, password, name: nameParts.join(' ') || undefined })
  console.log(`Global admin ${email} ${result}. Sign in at ${config.publicUrl}/global-admin`)
} catch (err) {
  const issues = (err as { issues?: { message: string }[] }).issues
  console.error(issues ? issues.map((i) => i.message).join('\n') : err)
  process.exitCode = 1
} finally {
  await database.close()
}
