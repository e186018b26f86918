import { sql } from 'drizzle-orm'
import { customers, employeeSalonRoles, employees } from '../../db/schema'

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
 * Employees who hold a role in the branch: contract `worksInBranch`, the rule the employee list's
 * branch filter uses (issue 21 #18). An owner's manageSalons lets them open every branch, but a
 * branch nobody was given a role in counts no one, as its filtered list shows no one.
 */
export const employeesCount = sql<number>`(select count(distinct e.id)::int from ${employees} e
  join ${employeeSalonRoles} r on r.employee_id = e.id
  where e.organisation_id = "salons"."organisation_id" and e.deleted_at is null
    and r.salon_id = "salons"."id")`
