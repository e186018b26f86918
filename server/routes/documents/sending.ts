import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle, withStatus } from '../../http/handle'
import { deleteCustomerDocument, listCustomerDocuments } from '../../services/documents/sending/customer-documents'
import { bulkSendDocument, sendDocument, sendReconsent } from '../../services/documents/sending/send'
import { createWhatsappSender } from '../../services/whatsapp-credits/sender'
import { USAGE_LIMITS, usageCounter, usageLimit } from '../usage-limits'

/**
 * Documents sent to customers. Messages are bounded per customer and per organisation like
 * questionnaire messages; a bulk send counts as one send of the organisation. The WhatsApp
 * outbox is the questionnaire send's: deliveries claim their row, so no message goes twice.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsappSender(app)
  app.addHook('onClose', () => whatsapp.close())
  const perCustomer = usageLimit(app, USAGE_LIMITS.messagesPerCustomer)
  const perOrganisation = usageLimit(app, USAGE_LIMITS.messagesPerOrganisation)
  const sends = usageLimit(app, USAGE_LIMITS.sendsPerOrganisation)
  const orgMessages = usageCounter(app, USAGE_LIMITS.messagesPerOrganisation)
  const customerMessages = usageCounter(app, USAGE_LIMITS.messagesPerCustomer)
  const common = { db: app.db, mailer: app.mailer, whatsapp, publicUrl: app.config.publicUrl }
  /** What a bulk send or re-consent may spend: the call, and each message. */
  const budget = (req: FastifyRequest, orgId: string) => ({
    // Document sends have their own budget (questionnaire sends keep theirs).
    spendCall: () => sends(req, `documentSend:${orgId}`),
    mayMessage: async (customerId: string) =>
      (await customerMessages(req, `message:${orgId}:${customerId}`)) && (await orgMessages(req, `messages:${orgId}`)),
  })
  const C = API.customerDocuments

  handle(app, C.list, ({ caller, db, params, query }) =>
    listCustomerDocuments({ db, caller, customerId: params.id, salonId: query.salonId }),
  )
  handle(app, C.send, async ({ caller, params, query, body, req }) => {
    const { document, created } = await sendDocument({
      ...common,
      caller,
      salonId: query.salonId,
      customerId: params.id,
      input: body,
      spend: async () => {
        await perCustomer(req, `message:${caller.organisationId}:${params.id}`)
        await perOrganisation(req, `messages:${caller.organisationId}`)
      },
    })
    return withStatus(created ? 201 : 200, document)
  })
  handle(app, C.remove, ({ caller, db, params, query }) =>
    deleteCustomerDocument({ db, caller, customerId: params.id, id: params.docId, salonId: query.salonId }),
  )
  handle(app, C.bulkSend, ({ caller, query, body, req }) =>
    bulkSendDocument({ ...common, caller, salonId: query.salonId, input: body, ...budget(req, caller.organisationId) }),
  )
  handle(app, C.reconsent, ({ caller, params, query, body, req }) =>
    sendReconsent({
      ...common,
      caller,
      salonId: query.salonId,
      documentId: params.id,
      input: body,
      ...budget(req, caller.organisationId),
    }),
  )
}
export default routes
