import { sql } from 'drizzle-orm'
import { customers, employeeSalonRoles, employees, roles } from '../../db/schema'

/*
 * Counts per branch, for the REST list and the sync feed alike. The outer columns are spelled
 * out in full: interpolated, drizzle leaves them unqualified and inside the subquery they would
 * bind to the inner table.
 */

/** Customers assigned to the branch and not deleted. */
export const customersCount = sql<number>`(select count(*)::int from ${customers} c
  where c.organisation_id = "salons"."organisation_id" and "salons"."id" = any(c.salon_ids)
  and c.deleted = false and c.deleted_at is null)`

/**
 * Employees who work in the branch: granted a role in it, or holding manageSalons anywhere in
 * the organisation (spec §6: manageSalons covers all branches, also ones created later).
 */
export const employeesCount = sql<number>`(select count(distinct e.id)::int from ${employees} e
  join ${employeeSalonRoles} r on r.employee_id = e.id
  join ${roles} ro on ro.id = r.role_id
  where e.organisation_id = "salons"."organisation_id" and e.deleted_at is null
    and (r.salon_id = "salons"."id" or ro.permissions ? 'manageSalons'))`
