import { createHash } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { type DocumentKind, versionContentOf } from '../../../../contract/documents'
import type { Language } from '../../../../contract/enums'
import { asCustomer, authorizeInAny, authorizeInBranch, type TenantCaller } from '../../../auth/caller'
import type { DbOrTx } from '../../../db/client'
import {
  consentEvidence,
  customerDocuments,
  customers,
  documents,
  documentVersions,
  organisations,
} from '../../../db/schema'
import { AppError } from '../../../errors'
import type { FileStore } from '../../../integrations/storage'
import { tenant } from '../../../scope'
import { loadVisibleCustomer } from '../../customers/access'
import { amsterdamDate } from './certificate-lines'
import { buildCertificatePdf } from './certificate-pdf'

/*
 * The signed consent PDF as staff and the customer download it (issue 12). Only an answered
 * consent has one (accepted or declined, with its evidence record); an erased record (the
 * customer was hard-deleted) has none. Everything else, and anything of another organisation or
 * customer, is "not found".
 */

const sha256 = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex')

export type CertificateFile = { filename: string; pdf: Uint8Array }

/** `consent-<document name>-<date>.pdf` in plain ASCII (letters lose their accents). */
export function certificateFileName(documentName: string, answeredAt: Date): string {
  const slug =
    documentName
      .normalize('NFKD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'document'
  return `consent-${slug}-${amsterdamDate(answeredAt)}.pdf`
}

async function certificateOf(
  db: DbOrTx,
  storage: FileStore,
  organisationId: string,
  customerId: string,
  customerDocumentId: string,
): Promise<CertificateFile> {
  const scope = { organisationId }
  const [cd] = await db
    .select()
    .from(customerDocuments)
    .where(
      tenant(
        customerDocuments,
        scope,
        eq(customerDocuments.id, customerDocumentId),
        eq(customerDocuments.customerId, customerId),
        isNull(customerDocuments.deletedAt),
      ),
    )
  if (!cd?.evidenceId || (cd.status !== 'accepted' && cd.status !== 'declined'))
    throw new AppError('CERTIFICATE_NOT_FOUND')
  const [ev] = await db
    .select()
    .from(consentEvidence)
    .where(
      tenant(
        consentEvidence,
        scope,
        eq(consentEvidence.id, cd.evidenceId),
        eq(consentEvidence.customerDocumentId, cd.id),
        isNull(consentEvidence.erasedAt),
      ),
    )
  if (!ev) throw new AppError('CERTIFICATE_NOT_FOUND')
  const [[version], [doc], [org], [customer]] = await Promise.all([
    db
      .select()
      .from(documentVersions)
      .where(tenant(documentVersions, scope, eq(documentVersions.id, ev.documentVersionId))),
    db
      .select({ kind: documents.kind })
      .from(documents)
      .where(tenant(documents, scope, eq(documents.id, ev.documentId))),
    db
      .select({
        name: organisations.companyName,
        logoKey: organisations.logoKey,
        language: organisations.invoiceLanguage,
      })
      .from(organisations)
      .where(eq(organisations.id, organisationId)),
    db
      .select({ language: customers.language })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.organisationId, organisationId))),
  ])
  if (!version || !doc || !org) throw new AppError('CERTIFICATE_NOT_FOUND')
  // The customer's own language when they chose one, else the organisation's.
  const lang: Language = (customer?.language ?? org.language) === 'en' ? 'en' : 'nl'
  // Only files of this organisation are read (a key is a path inside its storage folder).
  const own = (key: string | null) => (key?.startsWith(`${organisationId}/`) ? key : null)
  const signatureKey = own(ev.signatureKey)
  const logoKey = own(org.logoKey)
  const [signature, logo] = await Promise.all([
    signatureKey ? storage.read(signatureKey) : null,
    logoKey ? storage.read(logoKey) : null,
  ])
  // What the evidence names, checked against what is stored now (a PDF document's file is not re-read).
  const versionHashMatches = version.pdfKey
    ? null
    : sha256(
        versionContentOf({ kind: doc.kind as DocumentKind, name: version.name, text: version.text, pdfSha256: null }),
      ) === ev.versionHash
  const pdf = await buildCertificatePdf({
    lang,
    html: version.text,
    signaturePng: signature ? new Uint8Array(signature) : null,
    logo: logo ? new Uint8Array(logo) : null,
    facts: {
      organisationName: org.name,
      documentName: version.name,
      versionNumber: ev.versionNumber,
      versionHash: ev.versionHash,
      versionHashMatches,
      customerName: ev.customerName,
      customerEmail: ev.customerEmail,
      typedName: ev.typedName,
      signatureMethod: ev.signatureMethod ?? null,
      decision: ev.decision === 'declined' ? 'declined' : 'accepted',
      declineReason: ev.declineReason,
      channel: ev.channel === 'tablet' ? 'tablet' : 'ownDevice',
      deviceName: ev.deviceName,
      takenByName: ev.takenByName,
      ipAddress: ev.ipAddress,
      userAgent: ev.userAgent,
      deviceTime: ev.deviceTime,
      receivedAt: ev.receivedAt,
      occurredAt: ev.occurredAt,
      signatureHash: ev.signatureHash,
      signatureMatches: ev.signatureHash && signature ? sha256(signature) === ev.signatureHash : null,
      position: ev.position,
      recordHash: ev.recordHash,
      previousHash: ev.previousHash,
      contentHash: ev.contentHash,
    },
  })
  return { filename: certificateFileName(version.name, ev.occurredAt ?? ev.receivedAt), pdf }
}

/**
 * GET …/customers/{id}/documents/{docId}/certificate?salonId=: staff who read the customer's
 * documents in a branch the customer belongs to. A signed-in customer asking here gets their own.
 */
export async function staffCertificate(opts: {
  db: DbOrTx
  storage: FileStore
  caller: TenantCaller
  salonId: string
  customerId: string
  customerDocumentId: string
}): Promise<CertificateFile> {
  const { db, caller, salonId } = opts
  await authorizeInBranch(db, caller, 'customerDocuments.read', salonId)
  if (caller.kind === 'customer') {
    if (opts.customerId !== caller.customerId) throw new AppError('CUSTOMER_NOT_FOUND')
  } else {
    const customer = await loadVisibleCustomer(db, caller, opts.customerId)
    if (!customer.salonIds.includes(salonId)) throw new AppError('CUSTOMER_NOT_FOUND')
  }
  return certificateOf(db, opts.storage, caller.organisationId, opts.customerId, opts.customerDocumentId)
}

/** GET /customers/me/documents/{docId}/certificate: the signed-in customer's own only. */
export async function myCertificate(opts: {
  db: DbOrTx
  storage: FileStore
  caller: TenantCaller
  customerDocumentId: string
}): Promise<CertificateFile> {
  const caller = asCustomer(opts.caller)
  authorizeInAny(caller, 'customerDocuments.read', caller.salonIds)
  return certificateOf(opts.db, opts.storage, caller.organisationId, caller.customerId, opts.customerDocumentId)
}
