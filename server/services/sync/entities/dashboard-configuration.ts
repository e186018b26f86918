import { allows } from '../../../../contract/policy'
import { changedDashboardConfigurations, toDashboardConfiguration } from '../../customer-card/dashboard'
import type { SyncEntity } from '../entity'

/**
 * The branch's stored customer card configuration (issue 11; dashboardConfiguration.read, as GET
 * …/dashboard-configurations). Read offline, changed online only: no mutations. No stored row
 * means the provider's default, which the tablet builds itself.
 */
export const dashboardConfiguration: SyncEntity<'dashboardConfiguration'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'dashboardConfiguration.read', salonId),
    async changed({ db, caller, salonId, since, limit }) {
      const rows = await changedDashboardConfigurations(db, caller, salonId, since, limit)
      return rows.map((r) => ({
        entity: 'dashboardConfiguration' as const,
        version: r.version,
        deleted: false as const,
        row: toDashboardConfiguration(r),
      }))
    },
  },
  runners: {},
}
