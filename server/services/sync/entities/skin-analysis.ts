import { allows } from '../../../../contract/policy'
import { skinAnalyses } from '../../../db/schema'
import { saveSkinAnalysisFromSync, toSkinAnalysis } from '../../customer-card/skin-analysis'
import { followerChanges } from '../../customers/followers'
import type { SyncEntity } from '../entity'

/**
 * Skin analyses of the branch's customers (issue 11; skinAnalysis.read, as GET
 * …/customers/{id}/skin-analysis), which follow their customer like comments: tombstones for
 * those of a customer who left the branch. Append-only, saved offline through the outbox.
 */
export const skinAnalysis: SyncEntity<'skinAnalysis'> = {
  feed: {
    readable: (caller, salonId) => allows(caller, 'skinAnalysis.read', salonId),
    changed: (q) => followerChanges('skinAnalysis', skinAnalyses, q, (live) => live.map(toSkinAnalysis)),
  },
  runners: { 'skinAnalysis.save': (o) => saveSkinAnalysisFromSync(o) },
}
