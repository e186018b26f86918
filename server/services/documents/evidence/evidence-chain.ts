import { createHash, randomUUID } from 'node:crypto'
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { EvidenceChannel, EvidenceSummary } from '../../../../contract/documents'
import type { DbOrTx } from '../../../db/client'
import { consentEvidence, organisations } from '../../../db/schema'

/*
 * The evidence of consent (issue 12): every accept or decline is one record in a hash chain per
 * organisation. A record's `content_hash` is the SHA-256 of its canonical content, in which the
 * personal fields appear only as `personal_hash` (so a customer's hard delete can erase them and
 * the chain still verifies); `record_hash` = SHA-256 of the previous record's hash, the position
 * and the content hash. Changing any record, removing one or inserting one breaks every link
 * after it: `verifyChain` recomputes them all and names the first broken one. The database
 * refuses updates and deletes (trigger `consent_evidence_append_only`, migration 0014); the chain
 * catches what a database administrator could still do by hand.
 */

export const GENESIS_HASH = '0'.repeat(64)

const sha256 = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex')
const iso = (d: Date | null) => (d ? d.toISOString() : null)

export type EvidenceRow = typeof consentEvidence.$inferSelect

/** What a caller records; the chain fields, id and receive time are the chain's. */
export type EvidenceInput = {
  organisationId: string
  customerDocumentId: string
  customerId: string
  customerName: string
  customerEmail: string
  documentId: string
  documentVersionId: string
  versionNumber: number
  versionHash: string
  decision: 'accepted' | 'declined'
  /** The stored signature PNG and its SHA-256 (accepted only). */
  signatureKey: string | null
  signatureHash: string | null
  typedName: string | null
  /** Accepted only: drawn on the pad, or typed (the typed name and the explicit statement). */
  signatureMethod?: 'drawn' | 'typed' | null
  declineReason: string | null
  channel: EvidenceChannel
  takenBy: string | null
  takenByName: string | null
  deviceId: string | null
  deviceName: string | null
  userAgent: string | null
  ipAddress: string | null
  deviceTime: Date | null
  /**
   * When the answer happened and arrived (services/when.ts `happenedFor`: on a tablet offline,
   * its time corrected by its offset). Absent: now, for both.
   */
  happened?: { occurredAt: Date; receivedAt: Date }
}

type Personal = Pick<
  EvidenceRow,
  'id' | 'customerName' | 'customerEmail' | 'typedName' | 'declineReason' | 'ipAddress' | 'userAgent' | 'signatureKey'
>
/** The personal fields with the record's id (a random salt: the hash reveals nothing by guessing). */
export const personalHashOf = (r: Personal): string =>
  sha256(
    JSON.stringify([
      'consent-evidence-personal-v1',
      r.id,
      r.customerName,
      r.customerEmail,
      r.typedName,
      r.declineReason,
      r.ipAddress,
      r.userAgent,
      r.signatureKey,
    ]),
  )

type Content = Omit<
  EvidenceRow,
  'position' | 'previousHash' | 'contentHash' | 'recordHash' | 'erasedAt' | keyof Personal
> &
  Pick<EvidenceRow, 'id'>
/**
 * The canonical content: a fixed-order JSON array of what the record proves. v2 records (issue 21)
 * add, after the v1 fields, the corrected time it happened and then the signature method, each
 * when the record has it (a decline has no method). Records made before either was kept stay v1,
 * so the existing chain still verifies, and a time or method added, removed or changed later
 * breaks the record's content hash.
 */
export const contentHashOf = (r: Content): string =>
  sha256(
    JSON.stringify([
      r.occurredAt || r.signatureMethod ? 'consent-evidence-v2' : 'consent-evidence-v1',
      r.id,
      r.organisationId,
      r.customerDocumentId,
      r.customerId,
      r.documentId,
      r.documentVersionId,
      r.versionNumber,
      r.versionHash,
      r.decision,
      r.signatureHash,
      r.channel,
      r.takenBy,
      r.takenByName,
      r.deviceId,
      r.deviceName,
      iso(r.deviceTime),
      iso(r.receivedAt),
      r.personalHash,
      ...(r.occurredAt ? [iso(r.occurredAt)] : []),
      ...(r.signatureMethod ? [r.signatureMethod] : []),
    ]),
  )

export const recordHashOf = (previousHash: string, position: number, contentHash: string): string =>
  sha256(`${previousHash}\n${position}\n${contentHash}`)

/**
 * Appends one record at the end of the organisation's chain. Call inside the transaction that
 * records the answer: the organisation row lock makes appends take turns, so positions are
 * gapless and each record names the one before it.
 */
export async function appendEvidence(tx: DbOrTx, input: EvidenceInput): Promise<EvidenceRow> {
  await tx.execute(sql`select 1 from ${organisations} where ${organisations.id} = ${input.organisationId} for update`)
  const [last] = await tx
    .select({ position: consentEvidence.position, recordHash: consentEvidence.recordHash })
    .from(consentEvidence)
    .where(eq(consentEvidence.organisationId, input.organisationId))
    .orderBy(desc(consentEvidence.position))
    .limit(1)
  const position = (last?.position ?? 0) + 1
  const previousHash = last?.recordHash ?? GENESIS_HASH
  const id = randomUUID()
  // Dates are milliseconds (JS Date): the canonical ISO text holds exactly what is stored.
  const { happened, ...fields } = input
  const receivedAt = happened?.receivedAt ?? new Date()
  const occurredAt = happened?.occurredAt ?? receivedAt
  const deviceTime = input.deviceTime ? new Date(input.deviceTime.getTime()) : null
  const personalHash = personalHashOf({ id, ...fields })
  const signatureMethod = fields.signatureMethod ?? null
  const contentHash = contentHashOf({
    ...fields,
    id,
    receivedAt,
    occurredAt,
    deviceTime,
    personalHash,
    signatureMethod,
  })
  const [row] = await tx
    .insert(consentEvidence)
    .values({
      ...fields,
      occurredAt,
      signatureMethod,
      id,
      position,
      previousHash,
      contentHash,
      recordHash: recordHashOf(previousHash, position, contentHash),
      personalHash,
      receivedAt,
      deviceTime,
    })
    .returning()
  return row!
}

export type ChainBreak = { position: number; id: string; reason: 'content' | 'personal' | 'link' | 'gap' }
export type ChainReport = { organisationId: string; records: number; erased: number; breaks: ChainBreak[] }

/**
 * Recomputes the organisation's whole chain (in pages, oldest first) and names every record that
 * does not hold: its content changed (`content`), its personal fields changed (`personal`; not
 * checkable once erased), its link to the one before (`link`), or a missing position (`gap`).
 */
export async function verifyChain(db: DbOrTx, organisationId: string, pageSize = 1000): Promise<ChainReport> {
  const report: ChainReport = { organisationId, records: 0, erased: 0, breaks: [] }
  let previousHash = GENESIS_HASH
  let expected = 1
  let after = 0
  for (;;) {
    const page = await db
      .select()
      .from(consentEvidence)
      .where(and(eq(consentEvidence.organisationId, organisationId), sql`${consentEvidence.position} > ${after}`))
      .orderBy(asc(consentEvidence.position))
      .limit(pageSize)
    for (const r of page) {
      report.records++
      if (r.position !== expected) report.breaks.push({ position: r.position, id: r.id, reason: 'gap' })
      if (r.erasedAt) report.erased++
      else if (personalHashOf(r) !== r.personalHash)
        report.breaks.push({ position: r.position, id: r.id, reason: 'personal' })
      if (contentHashOf(r) !== r.contentHash) report.breaks.push({ position: r.position, id: r.id, reason: 'content' })
      if (r.previousHash !== previousHash || recordHashOf(r.previousHash, r.position, r.contentHash) !== r.recordHash)
        report.breaks.push({ position: r.position, id: r.id, reason: 'link' })
      previousHash = r.recordHash
      expected = r.position + 1
      after = r.position
    }
    if (page.length < pageSize) return report
  }
}

/**
 * A customer's hard delete (spec: removes all related data): their evidence keeps the chain and
 * what it proves (which version, when, how) but loses every personal field. Returns the
 * signature files to remove from storage.
 */
export async function eraseEvidenceOf(tx: DbOrTx, organisationId: string, customerId: string): Promise<string[]> {
  const mine = and(
    eq(consentEvidence.organisationId, organisationId),
    eq(consentEvidence.customerId, customerId),
    isNull(consentEvidence.erasedAt),
  )
  const files = await tx.select({ key: consentEvidence.signatureKey }).from(consentEvidence).where(mine)
  await tx
    .update(consentEvidence)
    .set({
      customerName: null,
      customerEmail: null,
      typedName: null,
      declineReason: null,
      ipAddress: null,
      userAgent: null,
      signatureKey: null,
      erasedAt: new Date(),
    })
    .where(mine)
  return files.flatMap((f) => (f.key ? [f.key] : []))
}

export const toEvidenceSummary = (r: EvidenceRow): EvidenceSummary => ({
  id: r.id,
  position: r.position,
  recordHash: r.recordHash,
  versionHash: r.versionHash,
  decision: r.decision as EvidenceSummary['decision'],
  channel: r.channel as EvidenceChannel,
  typedName: r.typedName,
  signatureMethod: r.signatureMethod ?? null,
  takenByName: r.takenByName,
  deviceName: r.deviceName,
  deviceTime: iso(r.deviceTime),
  receivedAt: r.receivedAt.toISOString(),
  occurredAt: (r.occurredAt ?? r.receivedAt).toISOString(),
})
