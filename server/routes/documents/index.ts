import type { FastifyPluginAsync } from 'fastify'
import admin from './admin'
import evidence from './evidence'
import sending from './sending'
import signing from './signing'

/**
 * Documents and consent forms (issue 12), one resource (contract/endpoints/documents):
 * - admin: the organisation's documents and their versions (`API.documents`);
 * - sending: to one customer, in bulk, re-consent, and removal (`API.customerDocuments`);
 * - signing: the customer reads and answers, in their area or on the tablet (`API.documentResponses`);
 * - evidence: the signed PDFs and the evidence chain's verification (`API.consentEvidence`).
 * The PDF upload lives with the other uploads (routes/uploads, POST …/upload/pdf).
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(admin)
  await app.register(sending)
  await app.register(signing)
  await app.register(evidence)
}
export default routes
