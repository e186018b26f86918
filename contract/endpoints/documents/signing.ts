import { z } from 'zod'
import { ZCustomerDocument } from '../../documents'
import { ZMyDocument, ZRespondDocument } from '../../documents/respond'
import { defineEndpoint } from '../define'
import { ZCustomerParams, ZOrgParams } from '../params'

const tags = ['customerDocuments']

/**
 * The customer reads and answers their documents (issue 12): their own list in the customer area,
 * and the answer — seen, or a consent form accepted (drawn signature + typed name) or declined —
 * from their own device, or on the salon's tablet handed over by staff.
 */
export const documentResponses = {
  /** The signed-in customer's documents with each version's content (their session only). */
  mine: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/me/documents',
    params: ZOrgParams,
    response: z.array(ZMyDocument),
    tags,
  }),
  /** Seen (idempotent), accepted or declined once; the same answer again answers the stored row. */
  respond: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/customers/:id/documents/:docId',
    params: ZCustomerParams.extend({ docId: z.string().uuid() }),
    body: ZRespondDocument,
    response: ZCustomerDocument,
    action: 'customerDocuments.respond',
    feature: 'documents',
    tags,
  }),
}
