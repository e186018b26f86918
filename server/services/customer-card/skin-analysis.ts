import { desc, eq } from 'drizzle-orm'
import type { ParsedMutationArgs } from '../../../contract/sync'
import { byNewest, type SkinAnalysis, type SkinFinding, type SkinPhoto } from '../../../contract/skin-analysis'
import type { z } from 'zod'
import type { ZSaveSkinAnalysis } from '../../../contract/skin-analysis'
import type { Action } from '../../../contract/policy'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import type { DbOrTx } from '../../db/client'
import { skinAnalyses } from '../../db/schema'
import { nextVersion } from '../../db/versions'
import { AppError, fieldError, validationError } from '../../errors'
import { notDeleted, tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { happenedFor } from '../when'
import { assertOwnRepeat, createOnce } from '../create-once'
import { loadVisibleCustomer } from '../customers/access'
import { authorOf } from '../employees/author'

/*
 * Skin analyses (issue 11): append-only, each save a new row keyed by the client's UUID (the
 * history; a retried or offline save arrives once). They follow their customer to every branch
 * the customer belongs to, like comments. REST PUT and the sync mutation `skinAnalysis.save`
 * call `saveSkinAnalysis`.
 */

export type SkinAnalysisRow = typeof skinAnalyses.$inferSelect
type SaveInput = z.output<typeof ZSaveSkinAnalysis>

export function toSkinAnalysis(r: SkinAnalysisRow): SkinAnalysis {
  const d = r.data as {
    skinType?: SkinAnalysis['skinType']
    fitzpatrick?: SkinAnalysis['fitzpatrick']
    findings?: SkinFinding[]
    notes?: string
    photos?: SkinPhoto[]
  }
  return {
    id: r.id,
    customerId: r.customerId,
    salonId: r.salonId,
    employeeId: r.employeeId,
    authorName: r.authorName,
    analysedOn: r.analysedOn,
    skinType: d.skinType ?? null,
    fitzpatrick: d.fitzpatrick ?? null,
    findings: d.findings ?? [],
    notes: d.notes ?? '',
    photos: d.photos ?? [],
    createdAt: r.createdAt.toISOString(),
    receivedAt: r.receivedAt.toISOString(),
    version: r.version,
  }
}

/** The caller may do `action` in the branch and the customer is one of the branch's (else 404). */
async function checkScope(db: DbOrTx, caller: TenantCaller, action: Action, salonId: string, customerId: string) {
  await authorizeInBranch(db, caller, action, salonId)
  const customer = await loadVisibleCustomer(db, caller, customerId)
  if (!customer.salonIds.includes(salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  return customer
}

/** Every live analysis of a customer, newest first. */
async function historyOf(db: DbOrTx, caller: TenantCaller, customerId: string): Promise<SkinAnalysis[]> {
  const rows = await db
    .select()
    .from(skinAnalyses)
    .where(tenant(skinAnalyses, caller, eq(skinAnalyses.customerId, customerId), notDeleted(skinAnalyses)))
    .orderBy(desc(skinAnalyses.analysedOn), desc(skinAnalyses.createdAt))
  return rows.map(toSkinAnalysis).sort(byNewest)
}

/** GET …/customers/{id}/skin-analysis: the latest analysis and the whole history. */
export async function getSkinAnalyses(opts: { db: DbOrTx; caller: TenantCaller; salonId: string; customerId: string }) {
  const { db, caller, salonId, customerId } = opts
  await checkScope(db, caller, 'skinAnalysis.read', salonId, customerId)
  const history = await historyOf(db, caller, customerId)
  return { latest: history[0] ?? null, history }
}

/** Photos must be this organisation's uploads (a path of another organisation is refused). */
function checkPhotos(caller: TenantCaller, input: SaveInput) {
  const bad = input.photos.findIndex((p) => !p.path.startsWith(`${caller.organisationId}/images/`))
  if (bad >= 0) throw validationError([fieldError(`photos.${bad}.path`, 'upload.imageType')])
}

/** The same analysis sent again answers the stored one; the id used for anything else is `id_taken`. */
function replayOf(row: SkinAnalysisRow, caller: TenantCaller, customerId: string): SkinAnalysis {
  assertOwnRepeat(row, caller, customerId, 'SKIN_ANALYSIS_NOT_FOUND')
  return toSkinAnalysis(row)
}

/**
 * PUT …/customers/{id}/skin-analysis: saves a new analysis (the earlier ones stay: history).
 * Idempotent on the client's id. Audit customerSkinAnalysisUpdate (ids and the day only).
 */
export async function saveSkinAnalysis(opts: {
  db: DbOrTx
  caller: TenantCaller
  salonId: string
  customerId: string
  input: SaveInput
}): Promise<{ analysis: SkinAnalysis; created: boolean }> {
  const { db, caller, salonId, customerId, input } = opts
  await checkScope(db, caller, 'skinAnalysis.write', salonId, customerId)
  return createOnce(
    db,
    skinAnalyses,
    input.id,
    (row) => ({ analysis: replayOf(row, caller, customerId), created: false }),
    async () => {
      checkPhotos(caller, input)
      const author = await authorOf(db, caller)
      if (!author) throw new AppError('FORBIDDEN')
      const { id, analysedOn, ...data } = input
      // Saved when it happened on the tablet (offline too): byNewest orders the history by it.
      const happened = happenedFor(caller)
      return db.transaction(async (tx) => {
        const version = await nextVersion(tx, caller.organisationId)
        const [row] = await tx.transaction((sp) =>
          sp
            .insert(skinAnalyses)
            .values({
              id,
              organisationId: caller.organisationId,
              salonId,
              customerId,
              employeeId: author.employeeId,
              authorName: author.name,
              analysedOn,
              data: data as unknown as Record<string, unknown>,
              createdAt: happened.occurredAt,
              receivedAt: happened.receivedAt,
              version,
            })
            .returning(),
        )
        await auditEmployee(tx, caller, {
          event: 'customerSkinAnalysisUpdate',
          salonId,
          customerId,
          data: { skinAnalysisId: id, analysedOn },
        })
        return { analysis: toSkinAnalysis(row), created: true }
      })
    },
  )
}

/** The sync runner: the same service as PUT. */
export const saveSkinAnalysisFromSync = async (o: {
  db: DbOrTx
  caller: TenantCaller
  args: ParsedMutationArgs<'skinAnalysis.save'>
}) => {
  const { customerId, salonId, ...input } = o.args
  return (await saveSkinAnalysis({ db: o.db, caller: o.caller, salonId, customerId, input })).analysis
}
