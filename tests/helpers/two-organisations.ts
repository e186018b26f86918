import type { Permission } from '../../contract/permissions'
import type { App } from '../../server/app'
import { seedEmployee, seedOrganisation } from './factories'

/**
 * The set-up most access tests share: `org` with two branches (`s1`, `s2`) and its owner's
 * headers, a second organisation `orgB`, and `staff(permissions, salonIds?)` seeding an employee
 * of `org` (in `s1` unless told) with exactly those permissions.
 */
export async function twoOrganisations(app: App) {
  const org = await seedOrganisation(app, { salons: 2 })
  const orgB = await seedOrganisation(app)
  const [s1, s2] = org.salons
  const staff = (permissions: readonly Permission[], salonIds: string[] = [s1.id]) =>
    seedEmployee(app, { organisationId: org.id, salonIds, permissions: [...permissions] })
  return { org, orgB, s1, s2, owner: org.owner.headers, staff }
}
