import { API } from '../../../api/client'
import { apiDownload } from '../../../api/transport'
import { fileNameOf, saveFile } from '../../../ui/save-file'

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
  const { blob, headers } = await apiDownload(API.consentEvidence.certificate, {
    params: { org: opts.orgId, id: opts.customerId, docId: opts.customerDocumentId },
    query: { salonId: opts.salonId },
  })
  saveFile(blob, fileNameOf(headers, FALLBACK))
}

/** The signed-in customer: their own signed PDF. */
export async function downloadMyCertificate(opts: { orgId: string; customerDocumentId: string }): Promise<void> {
  const { blob, headers } = await apiDownload(API.consentEvidence.myCertificate, {
    params: { org: opts.orgId, docId: opts.customerDocumentId },
    as: 'customer',
  })
  saveFile(blob, fileNameOf(headers, FALLBACK))
}
