import { and, desc, eq } from 'drizzle-orm'
import type { CustomerDocument } from '../../../../contract/documents'
import { authorizeInBranch, type TenantCaller } from '../../../auth/caller'
import type { DbOrTx } from '../../../db/client'
import { customerDocuments, documents } from '../../../db/schema'
import { nextVersion } from '../../../db/versions'
import { AppError } from '../../../errors'
import { notDeleted, tenant } from '../../../scope'
import { auditEmployee, logActivity } from '../../audit'
import { loadVisibleCustomer } from '../../customers/access'
import { toCustomerDocuments } from '../rows'

/**
 * The customer, seen from the branch the caller acts in: another organisation's customer, or one
 * not in this branch, is CUSTOMER_NOT_FOUND (never leaked as 403), as comments do.
 */
export async function customerInBranch(db: DbOrTx, caller: TenantCaller, customerId: string, salonId: string) {
  const customer = await loadVisibleCustomer(db, caller, customerId)
  if (!customer.salonIds.includes(salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  return customer
}

/**
 * GET …/customers/{id}/documents?salonId: the customer's documents (sent in any branch), newest
 * first, with status and evidence summary — what the branch's replica holds of them.
 */
export async function listCustomerDocuments(opts: {
  db: DbOrTx
  caller: TenantCaller
  customerId: string
  salonId: string
}): Promise<CustomerDocument[]> {
  const { db, caller } = opts
  await authorizeInBranch(db, caller, 'customerDocuments.read', opts.salonId)
  const customer = await customerInBranch(db, caller, opts.customerId, opts.salonId)
  const rows = await db
    .select()
    .from(customerDocuments)
    .where(
      tenant(customerDocuments, caller, eq(customerDocuments.customerId, customer.id), notDeleted(customerDocuments)),
    )
    .orderBy(desc(customerDocuments.sentAt), desc(customerDocuments.id))
  return toCustomerDocuments(db, rows)
}

/**
 * DELETE …/customers/{id}/documents/{docId}?salonId: removes a sent document — a tombstone
 * (`deleted_at`, a new version), so every replica drops it at its next sync. An accepted consent
 * form is evidence and stays (CONSENT_ACCEPTED). Audit customerDocumentDelete; the customer's
 * activity documentDelete.
 */
export async function deleteCustomerDocument(opts: {
  db: DbOrTx
  caller: TenantCaller
  customerId: string
  id: string
  salonId: string
}): Promise<void> {
  const { db, caller } = opts
  await authorizeInBranch(db, caller, 'customerDocuments.delete', opts.salonId)
  const customer = await customerInBranch(db, caller, opts.customerId, opts.salonId)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ d: customerDocuments, kind: documents.kind, name: documents.name })
      .from(customerDocuments)
      .innerJoin(documents, eq(documents.id, customerDocuments.documentId))
      .where(
        tenant(
          customerDocuments,
          caller,
          and(eq(customerDocuments.id, opts.id), eq(customerDocuments.customerId, customer.id)),
          notDeleted(customerDocuments),
        ),
      )
      .for('update', { of: customerDocuments })
    if (!row) throw new AppError('CUSTOMER_DOCUMENT_NOT_FOUND')
    if (row.kind === 'consentForm' && row.d.status === 'accepted') throw new AppError('CONSENT_ACCEPTED')
    const now = new Date()
    await tx
      .update(customerDocuments)
      .set({ deletedAt: now, updatedAt: now, version: await nextVersion(tx, caller.organisationId) })
      .where(eq(customerDocuments.id, row.d.id))
    const data = { customerDocumentId: row.d.id, documentId: row.d.documentId, versionId: row.d.versionId }
    await auditEmployee(tx, caller, {
      event: 'customerDocumentDelete',
      salonId: opts.salonId,
      customerId: customer.id,
      data,
    })
    await logActivity(tx, {
      organisationId: caller.organisationId,
      customerId: customer.id,
      type: 'documentDelete',
      data: { ...data, name: row.name, kind: row.kind },
    })
  })
}
