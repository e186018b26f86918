import { allows } from '../../../../contract/policy'
import { skinAnalyses } from '../../../db/schema'
import { changedDashboardConfigurations, toDashboardConfiguration } from '../../customer-card/dashboard'
import { saveSkinAnalysisFromSync, toSkinAnalysis } from '../../customer-card/skin-analysis'
import { followerChanges } from '../../customers/followers'
import type { FeedEntity, MutationRunner } from '../entity'

/*
 * The customer card (issue 11). The branch's stored card configuration (dashboardConfiguration.read,
 * as GET …/dashboard-configurations; read offline, changed online only: no mutations; no stored
 * row means the default, which the tablet builds itself) and the skin analyses of the branch's
 * customers (skinAnalysis.read, as GET …/customers/{id}/skin-analysis), which follow their
 * customer like comments: tombstones for those of a customer who left the branch.
 */

export const dashboardConfigurationFeed: FeedEntity<'dashboardConfiguration'> = {
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
}

export const skinAnalysisFeed: FeedEntity<'skinAnalysis'> = {
  readable: (caller, salonId) => allows(caller, 'skinAnalysis.read', salonId),
  changed: (q) => followerChanges('skinAnalysis', skinAnalyses, q, (live) => live.map(toSkinAnalysis)),
}

export const saveSkinAnalysisRunner: MutationRunner<'skinAnalysis.save'> = (o) => saveSkinAnalysisFromSync(o)
