import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Change, ChangesResponse } from '../../contract/sync'
import { employeeSalonRoles } from '../../server/db/schema'
import { touchTeam } from '../../server/services/employees/team-versions'
import { buildTestApp } from '../helpers/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { seedEmployee, seedOrganisation } from '../helpers/factories'
import { pull } from './sync-fixtures'

// Issue 9: employees and roles reach the replica (the team screens work offline), never more
// than the reader may read through REST, and a grant change re-sends the team so an employee the
// reader may no longer see leaves the replica.
const app = await buildTestApp()
const org = await seedOrganisation(app, { salons: 2 })
const [a1, a2] = org.salons
const manager1 = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a1.id],
  permissions: ['readCustomers', 'readEmployees'],
})
const stylist1 = await seedEmployee(app, { organisationId: org.id, salonIds: [a1.id], permissions: ['readCustomers'] })
const stylist2 = await seedEmployee(app, { organisationId: org.id, salonIds: [a2.id], permissions: ['readCustomers'] })
const both = await seedEmployee(app, {
  organisationId: org.id,
  salonIds: [a1.id, a2.id],
  permissions: ['readCustomers'],
})
await app.db.transaction((tx) => touchTeam(tx, org.id))

const page = async (who: { headers: Record<string, string> }, since = 0) => {
  const res = await pull(app, { orgId: org.id, salonId: a1.id, headers: who.headers, since })
  expect(res.statusCode).toBe(200)
  return res.json() as ChangesResponse
}
const ofEntity = (p: ChangesResponse, entity: Change['entity']) => p.changes.filter((c) => c.entity === entity)
const rowsOf = (p: ChangesResponse) =>
  new Map(
    ofEntity(p, 'employee').flatMap((c) => (c.entity === 'employee' && !c.deleted ? [[c.row.id, c.row] as const] : [])),
  )

describe('sync: the team', () => {
  it('the owner receives every employee and every role', async () => {
    const p = await page(org.owner)
    const rows = rowsOf(p)
    for (const e of [org.owner, manager1, stylist1, stylist2, both]) expect(rows.has(e.id)).toBe(true)
    expect(
      rows
        .get(both.id)
        ?.access.map((a) => a.salonId)
        .sort(),
    ).toEqual([a1.id, a2.id].sort())
    expect(ofEntity(p, 'role').length).toBeGreaterThanOrEqual(5)
    expect(p.withheld).not.toContain('employee')
  })

  it('a branch manager receives only the employees of their branch, with that branch’s roles only', async () => {
    const rows = rowsOf(await page(manager1))
    expect(rows.has(stylist2.id)).toBe(false)
    expect(rows.has(stylist1.id)).toBe(true)
    expect(rows.get(both.id)?.access.map((a) => a.salonId)).toEqual([a1.id])
  })

  it('someone without employee rights has the employees withheld (roles too)', async () => {
    const p = await page(stylist1)
    expect(p.withheld).toEqual(expect.arrayContaining(['employee', 'role']))
    expect(ofEntity(p, 'employee')).toEqual([])
  })

  it('an employee moved out of the reader’s branches leaves the replica as a tombstone after the grant change', async () => {
    const first = await page(manager1)
    const cursor = first.cursors.employee
    await app.db.transaction(async (tx) => {
      await tx
        .delete(employeeSalonRoles)
        .where(and(eq(employeeSalonRoles.employeeId, stylist1.id), eq(employeeSalonRoles.salonId, a1.id)))
      const [role] = await tx
        .select({ roleId: employeeSalonRoles.roleId })
        .from(employeeSalonRoles)
        .where(eq(employeeSalonRoles.employeeId, stylist2.id))
      await tx
        .insert(employeeSalonRoles)
        .values({ organisationId: org.id, employeeId: stylist1.id, salonId: a2.id, roleId: role.roleId })
      await touchTeam(tx, org.id)
    })
    const res = await app.inject({
      url: apiUrl(API.sync.changes, { org: org.id, salon: a1.id }, { cursors: `employee:${cursor}`, limit: 1000 }),
      headers: manager1.headers,
    })
    const next = res.json() as ChangesResponse
    const gone = ofEntity(next, 'employee').find((c) => c.entity === 'employee' && c.deleted && c.id === stylist1.id)
    expect(gone).toBeTruthy()
    // Nobody else leaves; nobody of the other branch arrives.
    expect(rowsOf(next).has(stylist2.id)).toBe(false)
    expect(rowsOf(next).has(both.id)).toBe(true)
  })
})
