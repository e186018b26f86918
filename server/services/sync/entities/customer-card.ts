import { allows } from '../../../../contract/policy'
import type { ChangeOf } from '../../../../contract/sync'
import { changedDashboardConfigurations, toDashboardConfiguration } from '../../customer-card/dashboard'
import { changedSkinAnalyses, saveSkinAnalysisFromSync, toSkinAnalysis } from '../../customer-card/skin-analysis'
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
  async changed({ db, caller, salonId, since, limit }) {
    const { rows, gone } = await changedSkinAnalyses(db, caller, salonId, since, limit)
    const changes: ChangeOf<'skinAnalysis'>[] = [
      ...rows.map(
        (a): ChangeOf<'skinAnalysis'> =>
          a.deletedAt === null
            ? { entity: 'skinAnalysis', version: a.version, deleted: false, row: toSkinAnalysis(a) }
            : { entity: 'skinAnalysis', version: a.version, deleted: true, id: a.id },
      ),
      ...gone.map(
        (g): ChangeOf<'skinAnalysis'> => ({ entity: 'skinAnalysis', version: g.version, deleted: true, id: g.id }),
      ),
    ]
    // Both lists are prefixes in version order: the first `limit` of their merge is one too.
    return changes.sort((a, b) => a.version - b.version).slice(0, limit)
  },
}

export const saveSkinAnalysisRunner: MutationRunner<'skinAnalysis.save'> = (o) => saveSkinAnalysisFromSync(o)
