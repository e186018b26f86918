import { uniqueViolation } from '../../../db/errors'
import { createHash, randomUUID } from 'node:crypto'
import { eq, inArray, isNull } from 'drizzle-orm'
import { type CustomerDocument, needsAnswer, SIGNATURE_MAX_BYTES } from '../../../../contract/documents'
import { type RespondDocument, SIGNATURE_DATA_URL_PREFIX } from '../../../../contract/documents/respond'
import { authorize, authorizeInAny, authorizeInBranch, employeeIdOf, type TenantCaller } from '../../../auth/caller'
import type { DbOrTx } from '../../../db/client'
import { customerDocuments, customers, documents, documentVersions, salons } from '../../../db/schema'
import { nextVersion } from '../../../db/versions'
import { AppError, fieldError, idTaken, validationError } from '../../../errors'
import type { FileStore } from '../../../integrations/storage'
import { notDeleted, tenant } from '../../../scope'
import { logActivity } from '../../audit'
import { loadVisibleCustomer } from '../../customers/access'
import { authorOf } from '../../employees/author'
import { appendEvidence } from '../evidence/evidence-chain'
import { happenedFor } from '../../when'
import { type CustomerDocumentRow, toCustomerDocuments, toDocumentVersion } from '../rows'

/*
 * The customer answers a document (issue 12): PUT …/customers/{id}/documents/{docId} and the
 * tablet's sync mutation `customerDocument.respond` both run `respondToDocument`. Seen is
 * idempotent; a consent form is accepted or declined once — the same answer again (a retried
 * push, the same PUT twice) answers the stored row, a different one is DOCUMENT_ALREADY_ANSWERED.
 * The answer, its signature file and its evidence record are written in one transaction with the
 * row locked, so two racing sends still make one evidence record.
 */

/** Where the request came from (evidence): the server's own view, never the client's word. */
export type RequestOrigin = { storage: FileStore; ipAddress: string | null; userAgent: string | null }

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The drawn signature's bytes: a real PNG (by its bytes, not its label) of at most SIGNATURE_MAX_BYTES. */
export function signatureBytes(dataUrl: string): Buffer {
  const b64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length)
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX) || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64))
    throw validationError([fieldError('signature', 'signing.signature')])
  const bytes = Buffer.from(b64, 'base64')
  if (bytes.length > SIGNATURE_MAX_BYTES) throw validationError([fieldError('signature', 'signing.signatureSize')])
  // The PNG signature and an IHDR chunk first: a renamed other file (or random bytes) is refused.
  if (
    bytes.length < 33 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.subarray(12, 16).toString('latin1') !== 'IHDR'
  )
    throw validationError([fieldError('signature', 'signing.signature')])
  return bytes
}

/** The customer the caller answers for: a customer only for themselves, staff one they may see. */
async function customerFor(db: DbOrTx, caller: TenantCaller, customerId: string) {
  if (caller.kind === 'customer' && caller.customerId !== customerId) throw new AppError('CUSTOMER_NOT_FOUND')
  if (caller.kind === 'employee') return loadVisibleCustomer(db, caller, customerId)
  const [row] = await db
    .select()
    .from(customers)
    .where(tenant(customers, caller, eq(customers.id, customerId), notDeleted(customers)))
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
  return row
}

const loadRow = async (db: DbOrTx, caller: TenantCaller, id: string, forUpdate = false) => {
  const q = db
    .select()
    .from(customerDocuments)
    .where(tenant(customerDocuments, caller, eq(customerDocuments.id, id), isNull(customerDocuments.deletedAt)))
  const [row] = forUpdate ? await q.for('update') : await q
  return row
}

const one = async (db: DbOrTx, row: CustomerDocumentRow): Promise<CustomerDocument> =>
  (await toCustomerDocuments(db, [row]))[0]!

/**
 * Creates the customer document of a consent form handed over on the tablet (never sent before),
 * on the client's id. The same id again (a retried push) finds it; the id used for anything else
 * is `id_taken`.
 */
async function handOver(
  db: DbOrTx,
  caller: TenantCaller,
  o: { id: string; customerId: string; salonId: string; documentId: string; versionId: string },
) {
  if (caller.kind !== 'employee') throw new AppError('FORBIDDEN')
  authorize(caller, 'customerDocuments.send', o.salonId)
  const [taken] = await db.select().from(customerDocuments).where(eq(customerDocuments.id, o.id))
  if (taken) {
    if (taken.organisationId !== caller.organisationId || taken.customerId !== o.customerId) throw idTaken()
    return
  }
  const [v] = await db
    .select({ id: documentVersions.id, archivedAt: documents.archivedAt })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(
      tenant(
        documentVersions,
        caller,
        eq(documentVersions.id, o.versionId),
        eq(documentVersions.documentId, o.documentId),
      ),
    )
  if (!v) throw new AppError('DOCUMENT_NOT_FOUND')
  if (v.archivedAt) throw new AppError('DOCUMENT_ARCHIVED')
  const name = (await authorOf(db, caller))?.name ?? ''
  try {
    await db.transaction(async (tx) =>
      tx.insert(customerDocuments).values({
        id: o.id,
        organisationId: caller.organisationId,
        customerId: o.customerId,
        salonId: o.salonId,
        documentId: o.documentId,
        versionId: o.versionId,
        channel: 'tablet',
        // Handed over when it happened on the tablet (offline too), not when it synced.
        sentAt: happenedFor(caller).occurredAt,
        sentBy: caller.employeeId,
        sentByName: name,
        version: await nextVersion(tx, caller.organisationId),
      }),
    )
  } catch (err) {
    // The same hand-over racing itself: the other one stored it.
    if (!uniqueViolation(err)) throw err
  }
}

/**
 * Seen, accepted or declined. `salonId` is the tablet's branch (sync): staff must be allowed to
 * respond there and the customer must belong to it. Without it (REST), staff need the right in one
 * of the customer's branches; a customer needs to belong to the document's branch.
 */
export async function respondToDocument(opts: {
  db: DbOrTx
  caller: TenantCaller
  customerId: string
  customerDocumentId: string
  input: RespondDocument
  origin: RequestOrigin
  salonId?: string
  handOver?: { documentId: string; versionId: string }
}): Promise<CustomerDocument> {
  const { db, caller, customerId, input } = opts
  const customer = await customerFor(db, caller, customerId)
  if (opts.salonId) {
    await authorizeInBranch(db, caller, 'customerDocuments.respond', opts.salonId)
    if (!customer.salonIds.includes(opts.salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  }
  let row = await loadRow(db, caller, opts.customerDocumentId)
  if (!row && opts.handOver && opts.salonId) {
    await handOver(db, caller, { id: opts.customerDocumentId, customerId, salonId: opts.salonId, ...opts.handOver })
    row = await loadRow(db, caller, opts.customerDocumentId)
  }
  if (!row || row.customerId !== customerId) throw new AppError('CUSTOMER_DOCUMENT_NOT_FOUND')
  if (caller.kind === 'customer') authorize(caller, 'customerDocuments.respond', row.salonId)
  else if (!opts.salonId) authorizeInAny(caller, 'customerDocuments.respond', customer.salonIds)

  const [doc] = await db
    .select({ kind: documents.kind })
    .from(documents)
    .where(tenant(documents, caller, eq(documents.id, row.documentId)))
  if (input.status !== 'seen' && !needsAnswer((doc?.kind ?? 'document') as 'document'))
    throw validationError([fieldError('status', 'signing.notConsent')])

  if (input.status === 'seen') return markSeen(db, caller, row)
  const answered = answerOf(row, input.status)
  if (answered === 'same') return one(db, row)
  // Checked before the transaction: a bad signature changes nothing and writes no file.
  // A typed signature (issue 21 #23) has no drawing: the typed name and the statement are the signature.
  const signature =
    input.status === 'accepted' && input.signatureMethod === 'drawn' ? signatureBytes(input.signature ?? '') : null
  const takenByName = (await authorOf(db, caller))?.name ?? null
  // When the customer answered (on a tablet offline: its clock corrected), and when it arrived.
  const happened = happenedFor(caller)

  const stored = await db.transaction(async (tx) => {
    const locked = (await loadRow(tx, caller, row.id, true))!
    // Someone else answered while this one was on its way: the same answer is this one.
    if (answerOf(locked, input.status) === 'same') return locked
    const [version] = await tx
      .select({ number: documentVersions.number, contentHash: documentVersions.contentHash })
      .from(documentVersions)
      .where(tenant(documentVersions, caller, eq(documentVersions.id, locked.versionId)))
    let signatureKey: string | null = null
    let signatureHash: string | null = null
    if (signature) {
      signatureKey = `${caller.organisationId}/signatures/${randomUUID()}.png`
      signatureHash = createHash('sha256').update(signature).digest('hex')
      await opts.origin.storage.put(signatureKey, signature)
    }
    const declineReason = input.status === 'declined' ? input.reason?.trim() || null : null
    const evidence = await appendEvidence(tx, {
      organisationId: caller.organisationId,
      customerDocumentId: locked.id,
      customerId,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerEmail: customer.email,
      documentId: locked.documentId,
      documentVersionId: locked.versionId,
      versionNumber: version!.number,
      versionHash: version!.contentHash,
      decision: input.status,
      signatureKey,
      signatureHash,
      typedName: input.status === 'accepted' ? input.typedName : null,
      signatureMethod: input.status === 'accepted' ? input.signatureMethod : null,
      declineReason,
      channel: caller.kind === 'customer' ? 'ownDevice' : 'tablet',
      takenBy: employeeIdOf(caller),
      takenByName,
      deviceId: input.deviceId || null,
      deviceName: input.deviceName || null,
      userAgent: opts.origin.userAgent,
      ipAddress: opts.origin.ipAddress,
      deviceTime: new Date(input.deviceTime),
      happened,
    })
    const [updated] = await tx
      .update(customerDocuments)
      .set({
        status: input.status,
        respondedAt: happened.occurredAt,
        responseReceivedAt: happened.receivedAt,
        declineReason,
        evidenceId: evidence.id,
        seenAt: locked.seenAt ?? happened.occurredAt,
        version: await nextVersion(tx, caller.organisationId),
        updatedAt: new Date(),
      })
      .where(tenant(customerDocuments, caller, eq(customerDocuments.id, locked.id)))
      .returning()
    await logActivity(tx, {
      organisationId: caller.organisationId,
      customerId,
      type: 'documentStatusUpdated',
      data: { customerDocumentId: locked.id, documentId: locked.documentId, status: input.status },
      happened,
    })
    return updated!
  })
  return one(db, stored)
}

/** An answer already given: the same one (answer the stored row) or another (refused). */
function answerOf(row: CustomerDocumentRow, status: 'accepted' | 'declined'): 'open' | 'same' {
  if (row.status !== 'accepted' && row.status !== 'declined') return 'open'
  if (row.status === status) return 'same'
  throw new AppError('DOCUMENT_ALREADY_ANSWERED')
}

/** notSeen → seen, once (opening it again, or after an answer, changes nothing). */
async function markSeen(db: DbOrTx, caller: TenantCaller, row: CustomerDocumentRow): Promise<CustomerDocument> {
  if (row.status !== 'notSeen') return one(db, row)
  const happened = happenedFor(caller)
  const stored = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customerDocuments)
      .set({
        status: 'seen',
        seenAt: happened.occurredAt,
        responseReceivedAt: happened.receivedAt,
        version: await nextVersion(tx, caller.organisationId),
        updatedAt: new Date(),
      })
      .where(
        tenant(customerDocuments, caller, eq(customerDocuments.id, row.id), eq(customerDocuments.status, 'notSeen')),
      )
      .returning()
    if (!updated) return (await loadRow(tx, caller, row.id))!
    await logActivity(tx, {
      organisationId: caller.organisationId,
      customerId: row.customerId,
      type: 'documentStatusUpdated',
      data: { customerDocumentId: row.id, documentId: row.documentId, status: 'seen' },
      happened,
    })
    return updated
  })
  return one(db, stored)
}

/** GET /customers/me/documents: the signed-in customer's documents with the content of the version sent. */
export async function myDocuments(opts: { db: DbOrTx; caller: TenantCaller }) {
  const { db, caller } = opts
  if (caller.kind !== 'customer') throw new AppError('FORBIDDEN')
  const salonIds = caller.salonIds
  if (salonIds.length === 0) return []
  const rows = await db
    .select()
    .from(customerDocuments)
    .where(
      tenant(
        customerDocuments,
        caller,
        eq(customerDocuments.customerId, caller.customerId),
        inArray(customerDocuments.salonId, [...salonIds]),
        isNull(customerDocuments.deletedAt),
      ),
    )
  return withContent(db, caller, rows)
}

async function withContent(db: DbOrTx, caller: TenantCaller, rows: CustomerDocumentRow[]) {
  const list = await toCustomerDocuments(db, rows)
  if (list.length === 0) return []
  const [versions, branches] = await Promise.all([
    db
      .select()
      .from(documentVersions)
      .where(
        tenant(
          documentVersions,
          caller,
          inArray(
            documentVersions.id,
            list.map((d) => d.versionId),
          ),
        ),
      ),
    db
      .select({ id: salons.id, name: salons.name })
      .from(salons)
      .where(
        tenant(
          salons,
          caller,
          inArray(
            salons.id,
            list.map((d) => d.salonId),
          ),
        ),
      ),
  ])
  const v = new Map(versions.map((r) => [r.id, toDocumentVersion(r)]))
  const s = new Map(branches.map((b) => [b.id, b.name]))
  return list
    .map((d) => ({
      ...d,
      text: v.get(d.versionId)?.text ?? null,
      pdf: v.get(d.versionId)?.pdf ?? null,
      salonName: s.get(d.salonId) ?? '',
    }))
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
}
