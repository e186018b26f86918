/**
 * Verifies the consent evidence hash chains (issue 12):
 *   npm run evidence:verify [-- --org <organisation id>]
 * Recomputes every record of each organisation's chain (or of one) and prints its records, how
 * many were erased (hard-deleted customers) and every broken link by position. Exits 1 when any
 * link is broken, 2 on bad usage or an unknown organisation, 0 when every chain holds.
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR). Stop a running
 * server first when it uses PGlite: only one process can open those files.
 */
import { existsSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { organisations } from '../server/db/schema'
import { evidenceVerification } from '../server/services/documents/evidence/verification'

const args = process.argv.slice(2)
const orgAt = args.indexOf('--org')
const orgId = orgAt >= 0 ? args[orgAt + 1] : undefined
if ((orgAt >= 0 && !orgId) || args.some((a, i) => a !== '--org' && i !== orgAt + 1)) {
  console.error('Usage: npm run evidence:verify [-- --org <organisation id>]')
  process.exit(2)
}
if (orgId && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orgId)) {
  console.error(`Not an organisation id: ${orgId}`)
  process.exit(2)
}

const config = loadConfig()
const pgliteDir = `${config.dataDir}/pglite`
// Verifying never creates a database: a missing PGlite folder is a wrong DATA_DIR.
if (!config.databaseUrl && !existsSync(pgliteDir)) {
  console.error(`No database in ${pgliteDir} (set DATA_DIR or DATABASE_URL)`)
  process.exit(2)
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir })
try {
  const orgs = await database.db
    .select({ id: organisations.id, name: organisations.companyName })
    .from(organisations)
    .where(orgId ? eq(organisations.id, orgId) : undefined)
    .orderBy(asc(organisations.companyName))
  if (orgId && orgs.length === 0) {
    console.error(`Organisation not found: ${orgId}`)
    process.exitCode = 2
  }
  let broken = 0
  for (const org of orgs) {
    const r = await evidenceVerification(database.db, org.id)
    const state = r.intact ? 'chain intact' : `${r.breaks.length} broken`
    console.log(`${org.name} (${org.id}): ${r.records} records, ${r.erased} erased, ${state}`)
    for (const b of r.breaks) console.log(`  position ${b.position} (record ${b.id}): ${b.reason}`)
    if (!r.intact) broken++
  }
  if (broken) {
    console.log(`${broken} of ${orgs.length} organisation(s) with a broken evidence chain.`)
    process.exitCode = 1
  } else if (orgs.length) {
    console.log(`Every evidence chain holds (${orgs.length} organisation(s)).`)
  }
} catch (err) {
  console.error(err)
  process.exitCode = 2
} finally {
  await database.close()
}
