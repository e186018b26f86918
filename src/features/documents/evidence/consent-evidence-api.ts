import type { EvidenceVerification } from '../../../../contract/consent-evidence'
import { API, call, download } from '../../../api/client'
import { fileNameOf, saveFile } from '../../../ui/save-file'
import { getSession } from '../../auth/session'

/*
 * The online-only calls of the consent evidence (issue 12): the signed PDFs are built by the
 * server from the evidence record (never on a device), and the chain is verified there.
 */

const FALLBACK = 'consent.pdf'

/** Staff: the signed PDF of a customer's document, read in the current branch. */
export async function downloadStaffCertificate(opts: {
  orgId: string
  salonId: string
  customerId: string
  customerDocumentId: string
}): Promise<void> {
  const { blob, headers } = await download(API.consentEvidence.certificate, {
    params: { org: opts.orgId, id: opts.customerId, docId: opts.customerDocumentId },
    query: { salonId: opts.salonId },
    token: getSession('employee')?.token ?? null,
  })
  saveFile(blob, fileNameOf(headers, FALLBACK))
}

/** The signed-in customer: their own signed PDF. */
export async function downloadMyCertificate(opts: {
  orgId: string
  token: string
  customerDocumentId: string
}): Promise<void> {
  const { blob, headers } = await download(API.consentEvidence.myCertificate, {
    params: { org: opts.orgId, docId: opts.customerDocumentId },
    token: opts.token,
  })
  saveFile(blob, fileNameOf(headers, FALLBACK))
}

/** The organisation's evidence chain, verified by the server (the owner). */
export const verifyEvidenceChain = (orgId: string): Promise<EvidenceVerification> =>
  call(API.consentEvidence.verification, { params: { org: orgId }, token: getSession('employee')?.token ?? null })
