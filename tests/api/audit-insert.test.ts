import { eq, inArray } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../server/db/schema'
import { audit } from '../../server/services/audit'
import { createTestDatabase } from '../helpers/db'

/*
 * Issue 25: the audit insert (server/services/audit.ts) is built once per database handle; under
 * many requests at once every caller has its own row stored when its call returns, a row inside a
 * transaction stays part of it, and one bad row does not fail the others. PGlite, and PostgreSQL
 * with TEST_DATABASE_URL (where the inserts overlap).
 */

const database = await createTestDatabase()
const { db } = database
afterAll(() => database.close())

const entry = (organisationId: string, n: number) => ({
  organisationId,
  actorKind: 'employee',
  actorId: uuidv7(),
  event: 'customersSearch' as const,
  data: { search: `term ${n}`, results: n },
})

describe('the audit writer', () => {
  it('200 rows written at once: each is stored when its call returns, each exactly once', async () => {
    const org = uuidv7()
    await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const e = entry(org, n)
        await audit(db, e)
        // Stored by the time the call returns: an answered request has its audit row.
        const [row] = await db.select().from(auditEvents).where(eq(auditEvents.actorId, e.actorId))
        expect(row?.data).toEqual(e.data)
      }),
    )
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.organisationId, org))
    expect(rows).toHaveLength(200)
    expect(new Set(rows.map((r) => (r.data as { results: number }).results)).size).toBe(200)
  })

  it('inside a transaction the row is part of it: rolled back with it', async () => {
    const org = uuidv7()
    await expect(
      db.transaction(async (tx) => {
        await audit(tx, entry(org, 1))
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    expect(await db.select().from(auditEvents).where(eq(auditEvents.organisationId, org))).toEqual([])
  })

  it('a row the database refuses fails its own call only', async () => {
    const org = uuidv7()
    const good = Array.from({ length: 20 }, (_, n) => entry(org, n))
    const results = await Promise.allSettled([
      ...good.map((e) => audit(db, e)),
      audit(db, { ...entry(org, 99), actorId: 'not-a-uuid' }),
      ...good.map((e) => audit(db, { ...e, actorId: uuidv7() })),
    ])
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(results[good.length].status).toBe('rejected')
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.organisationId, org))
    expect(rows).toHaveLength(40)
    expect(
      await db
        .select()
        .from(auditEvents)
        .where(
          inArray(
            auditEvents.actorId,
            good.map((e) => e.actorId),
          ),
        ),
    ).toHaveLength(20)
  })
})
