import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { callerOf } from '../../http/caller'
import { fromEndpoint } from '../../http/endpoint'
import {
  listAdviceConditions,
  listAdviceGroups,
  listAdvices,
  questionnaireAdviceUsage,
} from '../../services/advice/read'
import {
  createAdvice,
  createAdviceCondition,
  createAdviceGroup,
  deleteAdvice,
  deleteAdviceCondition,
  deleteAdviceGroup,
  reorderAdviceGroups,
  reorderAdvices,
  updateAdvice,
  updateAdviceCondition,
  updateAdviceGroup,
} from '../../services/advice/write'

/**
 * Grow modules of a branch (issue 11): /organisations/{org}/salons/{salon}/advices, its groups
 * and conditions. Static paths (`/order`, `/advice-groups`, …) are matched before `/:id`.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const A = API.advice
  app.route({
    ...fromEndpoint(A.list),
    handler: async (req) => listAdvices({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(A.create),
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(
          await createAdvice({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, input: req.body }),
        ),
  })
  app.route({
    ...fromEndpoint(A.reorder),
    handler: async (req) =>
      reorderAdvices({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        ids: req.body.ids,
        groups: req.body.groups,
      }),
  })
  app.route({
    ...fromEndpoint(A.update),
    handler: async (req) =>
      updateAdvice({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        input: req.body,
      }),
  })
  app.route({
    ...fromEndpoint(A.remove),
    handler: async (req, reply) => {
      await deleteAdvice({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, id: req.params.id })
      return reply.code(204).send()
    },
  })

  app.route({
    ...fromEndpoint(A.listGroups),
    handler: async (req) => listAdviceGroups({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(A.createGroup),
    handler: async (req, reply) =>
      reply.code(201).send(
        await createAdviceGroup({
          db: app.db,
          caller: await callerOf(req),
          salonId: req.params.salon,
          name: req.body.name,
        }),
      ),
  })
  app.route({
    ...fromEndpoint(A.reorderGroups),
    handler: async (req) =>
      reorderAdviceGroups({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, ids: req.body.ids }),
  })
  app.route({
    ...fromEndpoint(A.updateGroup),
    handler: async (req) =>
      updateAdviceGroup({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        name: req.body.name,
      }),
  })
  app.route({
    ...fromEndpoint(A.removeGroup),
    handler: async (req, reply) => {
      await deleteAdviceGroup({ db: app.db, caller: await callerOf(req), salonId: req.params.salon, id: req.params.id })
      return reply.code(204).send()
    },
  })

  app.route({
    ...fromEndpoint(A.listConditions),
    handler: async (req) =>
      listAdviceConditions({ db: app.db, caller: await callerOf(req), salonId: req.params.salon }),
  })
  app.route({
    ...fromEndpoint(A.createCondition),
    handler: async (req, reply) =>
      reply.code(201).send(
        await createAdviceCondition({
          db: app.db,
          caller: await callerOf(req),
          salonId: req.params.salon,
          input: req.body,
        }),
      ),
  })
  app.route({
    ...fromEndpoint(A.updateCondition),
    handler: async (req) =>
      updateAdviceCondition({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
        input: req.body,
      }),
  })
  app.route({
    ...fromEndpoint(A.removeCondition),
    handler: async (req, reply) => {
      await deleteAdviceCondition({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
      })
      return reply.code(204).send()
    },
  })
  app.route({
    ...fromEndpoint(A.questionnaireUsage),
    handler: async (req) =>
      questionnaireAdviceUsage({
        db: app.db,
        caller: await callerOf(req),
        salonId: req.params.salon,
        id: req.params.id,
      }),
  })
}
export default routes
