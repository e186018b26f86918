import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { download } from '../../http/download'
import { handle } from '../../http/handle'
import { type CertificateFile, myCertificate, staffCertificate } from '../../services/documents/evidence/certificate'
import { verifyOwnChain } from '../../services/documents/evidence/verification'

const sendPdf = (reply: FastifyReply, { filename, pdf }: CertificateFile) =>
  download(reply, { type: 'application/pdf', filename, body: Buffer.from(pdf) })

/** The signed consent PDFs and the evidence chain's verification. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const E = API.consentEvidence
  handle(app, E.certificate, async ({ caller, db, storage, params, query, reply }) =>
    sendPdf(
      reply,
      await staffCertificate({
        db,
        storage,
        caller,
        salonId: query.salonId,
        customerId: params.id,
        customerDocumentId: params.docId,
      }),
    ),
  )
  handle(app, E.myCertificate, async ({ caller, db, storage, params, reply }) =>
    sendPdf(reply, await myCertificate({ db, storage, caller, customerDocumentId: params.docId })),
  )
  handle(app, E.verification, ({ caller, db }) => verifyOwnChain({ db, caller }))
}
export default routes
