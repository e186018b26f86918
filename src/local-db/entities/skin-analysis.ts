import type { SkinAnalysis } from '../../../contract/skin-analysis'
import type { MutationArgs } from '../../../contract/sync'
import { customerRows } from '../customer-rows'
import type { ClientMutationsOf } from '../entity'

/*
 * Skin analyses (issue 11) follow the comments' pattern: the server's acknowledged copy + this
 * device's unsent saves replayed on top, so a pull never hides an analysis that has not reached
 * the server yet. Saved offline (skin-analyses.ts) they are kept, marked pending, and sent once:
 * the save carries the analysis's own client UUID, which the server is idempotent on.
 */

/** An analysis made from a `skinAnalysis.save` entry, before the server has it. */
export function analysisFromSave(args: MutationArgs<'skinAnalysis.save'>, createdAt: string): SkinAnalysis {
  return {
    id: args.id,
    customerId: args.customerId,
    salonId: args.salonId,
    // The server names the author on arrival.
    employeeId: null,
    authorName: '',
    analysedOn: args.analysedOn,
    skinType: args.skinType,
    fitzpatrick: args.fitzpatrick,
    findings: args.findings as SkinAnalysis['findings'],
    notes: args.notes,
    photos: args.photos.map((p) => ({ path: p.path, takenOn: p.takenOn, caption: p.caption ?? '' })),
    createdAt,
    version: 0,
  }
}

const mutations: ClientMutationsOf<'skinAnalysis'> = {
  // Append-only (issue 11): the saved analysis shows at once, pending until the server has it.
  'skinAnalysis.save': {
    createsRow: true,
    overlay: (row, e) => row ?? analysisFromSave(e.args, e.createdAt),
    async settle(db, _e, result) {
      const a = result as SkinAnalysis | null
      if (a?.id && typeof a.version === 'number') await putServerSkinAnalyses(db, [a])
    },
  },
}

const rows = customerRows<SkinAnalysis, 'skinAnalysis'>({
  mutations,
  shown: (db) => db.skinAnalyses,
  server: (db) => db.serverSkinAnalyses,
})

/** Recomputes the visible analyses of `ids`. Call inside a rw transaction over both tables and the outbox. */
export const rebuildSkinAnalyses = rows.rebuild
/** Stores server rows (a pull page or push results) and tombstones, then rebuilds what the screens see. */
export const putServerSkinAnalyses = rows.putServer
/** Customers left the replica: their analyses go with them (unsent ones stay visible from the outbox). */
export const dropSkinAnalysesOf = rows.dropOf

export const skinAnalysis = rows.entity
