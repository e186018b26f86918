import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { runMigrations } from '../../server/db/migrate'
import { consentEvidence, organisations } from '../../server/db/schema'
import { appendEvidence } from '../../server/services/documents/evidence/evidence-chain'
import { seedDocument } from './fixtures'

/*
 * Issue 12: `npm run evidence:verify` (scripts/verify-evidence.ts) opens the database the way the
 * server does (PGlite in DATA_DIR here), prints each organisation's records, erased records and
 * breaks, and exits 0 when every chain holds, 1 when a link is broken, 2 on bad usage.
 */

const root = path.resolve(import.meta.dirname, '../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'verify-evidence-'))

/** Runs the command as `npm run` does (tsx), against the data dir: its exit code and output. */
function verify(args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/verify-evidence.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 240_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    )
  })
}

/** Opens the PGlite files, does `fn`, closes them again (one process at a time). */
async function withDb<T>(fn: (db: App['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: `${dataDir}/pglite` })
  try {
    return await fn(database.db)
  } finally {
    await database.close()
  }
}

async function seedOrgWithChain(db: App['db'], name: string, records: number) {
  const id = randomUUID()
  await db.insert(organisations).values({
    id,
    legalName: `${name} B.V.`,
    companyName: name,
    slug: `org-${id.slice(0, 8)}`,
    vatNumber: 'NL123456789B01',
    invoiceLanguage: 'nl',
    country: 'NL',
    addressLine1: 'Kerkstraat 1',
    postalCode: '1011AA',
    city: 'Amsterdam',
    contactPerson: 'Eva',
  })
  const form = await seedDocument({ db } as App, id)
  for (let i = 0; i < records; i++)
    await db.transaction((tx) =>
      appendEvidence(tx, {
        organisationId: id,
        customerDocumentId: randomUUID(),
        customerId: null as never,
        customerName: 'Anna',
        customerEmail: 'anna@example.test',
        documentId: form.documentId,
        documentVersionId: form.versionId,
        versionNumber: 1,
        versionHash: 'a'.repeat(64),
        decision: 'accepted',
        signatureKey: null,
        signatureHash: null,
        typedName: 'Anna',
        declineReason: null,
        channel: 'ownDevice',
        takenBy: null,
        takenByName: null,
        deviceId: null,
        deviceName: 'Phone',
        userAgent: null,
        ipAddress: null,
        deviceTime: null,
      }),
    )
  return id
}

const { a, b } = await withDb(async (db) => {
  await runMigrations({ db, kind: 'pglite' })
  return { a: await seedOrgWithChain(db, 'Alpha Salon', 3), b: await seedOrgWithChain(db, 'Beta Salon', 2) }
})

describe('npm run evidence:verify', () => {
  it('documents: exits 0 and reports every organisation when each chain holds', { timeout: 300_000 }, async () => {
    const { code, out } = await verify()
    expect(out).toContain(`Alpha Salon (${a}): 3 records, 0 erased, chain intact`)
    expect(out).toContain(`Beta Salon (${b}): 2 records, 0 erased, chain intact`)
    expect(code).toBe(0)
  })

  it('documents: exits 2 on bad usage and on an unknown organisation', { timeout: 300_000 }, async () => {
    expect((await verify(['--org', 'nope'])).code).toBe(2)
    const unknown = await verify(['--org', randomUUID()])
    expect(unknown.code).toBe(2)
    expect(unknown.out).toContain('Organisation not found')
  })

  it('documents: exits 1 and names the broken position once a record is changed', { timeout: 300_000 }, async () => {
    const changed = await withDb(async (db) => {
      const where = sql`${consentEvidence.organisationId} = ${a} and ${consentEvidence.position} = 2`
      await db.execute(sql`alter table consent_evidence disable trigger consent_evidence_append_only`)
      await db.update(consentEvidence).set({ deviceName: 'Forged' }).where(where)
      await db.execute(sql`alter table consent_evidence enable trigger consent_evidence_append_only`)
      const [row] = await db.select({ id: consentEvidence.id }).from(consentEvidence).where(where)
      return row!
    })
    const all = await verify()
    expect(all.code).toBe(1)
    expect(all.out).toContain('Alpha Salon')
    expect(all.out).toMatch(/3 records, 0 erased, 1 broken/)
    expect(all.out).toContain(`position 2 (record ${changed.id}): content`)
    expect(all.out).toContain(`Beta Salon (${b}): 2 records, 0 erased, chain intact`)
    // Only the other organisation: its chain holds.
    const onlyB = await verify(['--org', b])
    expect(onlyB.code).toBe(0)
    expect(onlyB.out).not.toContain('Alpha Salon')
  })
})
