import { z } from 'zod'
import { ZEvidenceVerification } from '../../consent-evidence'
import { defineEndpoint } from '../define'
import { ZCustomerParams, ZOrgParams } from '../params'

const tags = ['consentEvidence']

const ZStaffCertificateParams = ZCustomerParams.extend({ docId: z.string().uuid() })
const ZMyCertificateParams = ZOrgParams.extend({ docId: z.string().uuid() })
/** The branch the staff member reads the customer in (one the customer belongs to). */
const ZCertificateQuery = z.object({ salonId: z.string().uuid() })

/**
 * The evidence of consent (issue 12): the signed consent as a PDF with its certificate page
 * (staff, and the customer their own), and the organisation's hash chain verified.
 */
export const consentEvidence = {
  /** The PDF of an answered consent (404 until answered, and once the record is erased). */
  certificate: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/:id/documents/:docId/certificate',
    params: ZStaffCertificateParams,
    query: ZCertificateQuery,
    response: z.unknown(),
    format: 'file',
    action: 'customerDocuments.read',
    tags,
  }),
  /** The signed-in customer's own signed consent PDF. */
  myCertificate: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/me/documents/:docId/certificate',
    params: ZMyCertificateParams,
    response: z.unknown(),
    format: 'file',
    tags,
  }),
  /** The organisation's evidence chain recomputed; every broken link named (the owner). */
  verification: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/documents/evidence/verification',
    params: ZOrgParams,
    response: ZEvidenceVerification,
    action: 'organisation.manage',
    tags,
  }),
}
