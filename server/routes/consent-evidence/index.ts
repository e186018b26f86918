import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { type CertificateFile, myCertificate, staffCertificate } from '../../services/documents/evidence/certificate'
import { verifyOwnChain } from '../../services/documents/evidence/verification'

/** A PDF download; the name is plain ASCII already, filename* (RFC 5987) for clients that prefer it. */
const sendPdf = (reply: FastifyReply, { filename, pdf }: CertificateFile) =>
  reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf))

/** The signed consent PDFs and the evidence chain's verification (issue 12). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromEndpoint(API.consentEvidence.certificate),
    handler: async (req, reply) =>
      sendPdf(
        reply,
        await staffCertificate({
          db: app.db,
          dataDir: app.config.dataDir,
          caller: await callerOf(req),
          salonId: req.query.salonId,
          customerId: req.params.id,
          customerDocumentId: req.params.docId,
        }),
      ),
  })
  app.route({
    ...fromEndpoint(API.consentEvidence.myCertificate),
    handler: async (req, reply) =>
      sendPdf(
        reply,
        await myCertificate({
          db: app.db,
          dataDir: app.config.dataDir,
          caller: await callerOf(req),
          customerDocumentId: req.params.docId,
        }),
      ),
  })
  app.route({
    ...fromEndpoint(API.consentEvidence.verification),
    handler: async (req) => verifyOwnChain({ db: app.db, caller: await callerOf(req) }),
  })
}
export default routes
