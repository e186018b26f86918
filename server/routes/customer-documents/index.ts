import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import { createWhatsapp } from '../../integrations/whatsapp'
import { deleteCustomerDocument, listCustomerDocuments } from '../../services/documents/sending/customer-documents'
import { bulkSendDocument, sendDocument, sendReconsent } from '../../services/documents/sending/send'
import { USAGE_LIMITS, usageCounter, usageLimit } from '../usage-limits'

/**
 * Documents sent to customers (issue 12). Messages are bounded per customer and per organisation
 * like questionnaire messages; a bulk send counts as one send of the organisation. The WhatsApp
 * outbox is the questionnaire send's: deliveries claim their row, so no message goes twice.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const whatsapp = createWhatsapp({ config: app.config, db: app.db, log: app.log })
  app.addHook('onClose', () => whatsapp.close())
  const perCustomer = usageLimit(app, USAGE_LIMITS.messagesPerCustomer)
  const perOrganisation = usageLimit(app, USAGE_LIMITS.messagesPerOrganisation)
  const sends = usageLimit(app, USAGE_LIMITS.sendsPerOrganisation)
  const orgMessages = usageCounter(app, USAGE_LIMITS.messagesPerOrganisation)
  const customerMessages = usageCounter(app, USAGE_LIMITS.messagesPerCustomer)
  const common = { db: app.db, mailer: app.mailer, whatsapp, publicUrl: app.config.publicUrl }

  app.route({
    ...fromEndpoint(API.customerDocuments.list),
    handler: async (req) =>
      listCustomerDocuments({
        db: app.db,
        caller: await callerOf(req),
        customerId: req.params.id,
        salonId: req.query.salonId,
      }),
  })
  app.route({
    ...fromEndpoint(API.customerDocuments.send),
    handler: async (req, reply) => {
      const caller = await callerOf(req)
      const { document, created } = await sendDocument({
        ...common,
        caller,
        salonId: req.query.salonId,
        customerId: req.params.id,
        input: req.body,
        spend: async () => {
          await perCustomer(req, `message:${caller.organisationId}:${req.params.id}`)
          await perOrganisation(req, `messages:${caller.organisationId}`)
        },
      })
      return reply.code(created ? 201 : 200).send(document)
    },
  })
  app.route({
    ...fromEndpoint(API.customerDocuments.remove),
    handler: async (req, reply) => {
      await deleteCustomerDocument({
        db: app.db,
        caller: await callerOf(req),
        customerId: req.params.id,
        id: req.params.docId,
        salonId: req.query.salonId,
      })
      return reply.code(204).send()
    },
  })
  const mayMessage = (req: Parameters<typeof orgMessages>[0], orgId: string) => async (customerId: string) =>
    (await customerMessages(req, `message:${orgId}:${customerId}`)) && (await orgMessages(req, `messages:${orgId}`))
  app.route({
    ...fromEndpoint(API.customerDocuments.bulkSend),
    handler: async (req) => {
      const caller = await callerOf(req)
      return bulkSendDocument({
        ...common,
        caller,
        // Document sends have their own budget (questionnaire sends keep theirs).
        spendCall: () => sends(req, `documentSend:${caller.organisationId}`),
        salonId: req.query.salonId,
        input: req.body,
        mayMessage: mayMessage(req, caller.organisationId),
      })
    },
  })
  app.route({
    ...fromEndpoint(API.customerDocuments.reconsent),
    handler: async (req) => {
      const caller = await callerOf(req)
      return sendReconsent({
        ...common,
        caller,
        spendCall: () => sends(req, `documentSend:${caller.organisationId}`),
        salonId: req.query.salonId,
        documentId: req.params.id,
        input: req.body,
        mayMessage: mayMessage(req, caller.organisationId),
      })
    },
  })
}
export default routes
