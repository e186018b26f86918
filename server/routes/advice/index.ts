import type { FastifyReply, FastifyRequest } from 'fastify'
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

type BranchRequest = FastifyRequest<{ Params: { org: string; salon: string } }>
type ItemRequest = FastifyRequest<{ Params: { org: string; salon: string; id: string } }>

/** What every Grow service takes first: the database, the caller and the branch of the path. */
const branchOf = async (req: BranchRequest) => ({
  db: req.server.db,
  caller: await callerOf(req),
  salonId: req.params.salon,
})
/** The same with the module, group or condition the path names. */
const itemOf = async (req: ItemRequest) => ({ ...(await branchOf(req)), id: req.params.id })

const created = async (reply: FastifyReply, result: Promise<unknown>) => reply.code(201).send(await result)
const removed = async (reply: FastifyReply, done: Promise<unknown>) => {
  await done
  return reply.code(204).send()
}

/**
 * Grow modules of a branch (issue 11): /organisations/{org}/salons/{salon}/advices, its groups
 * and conditions. Static paths (`/order`, `/advice-groups`, …) are matched before `/:id`.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const A = API.advice
  app.route({ ...fromEndpoint(A.list), handler: async (req) => listAdvices(await branchOf(req)) })
  app.route({
    ...fromEndpoint(A.create),
    handler: async (req, reply) => created(reply, createAdvice({ ...(await branchOf(req)), input: req.body })),
  })
  app.route({
    ...fromEndpoint(A.reorder),
    handler: async (req) => reorderAdvices({ ...(await branchOf(req)), ids: req.body.ids, groups: req.body.groups }),
  })
  app.route({
    ...fromEndpoint(A.update),
    handler: async (req) => updateAdvice({ ...(await itemOf(req)), input: req.body }),
  })
  app.route({
    ...fromEndpoint(A.remove),
    handler: async (req, reply) => removed(reply, deleteAdvice(await itemOf(req))),
  })

  app.route({ ...fromEndpoint(A.listGroups), handler: async (req) => listAdviceGroups(await branchOf(req)) })
  app.route({
    ...fromEndpoint(A.createGroup),
    handler: async (req, reply) => created(reply, createAdviceGroup({ ...(await branchOf(req)), name: req.body.name })),
  })
  app.route({
    ...fromEndpoint(A.reorderGroups),
    handler: async (req) => reorderAdviceGroups({ ...(await branchOf(req)), ids: req.body.ids }),
  })
  app.route({
    ...fromEndpoint(A.updateGroup),
    handler: async (req) => updateAdviceGroup({ ...(await itemOf(req)), name: req.body.name }),
  })
  app.route({
    ...fromEndpoint(A.removeGroup),
    handler: async (req, reply) => removed(reply, deleteAdviceGroup(await itemOf(req))),
  })

  app.route({ ...fromEndpoint(A.listConditions), handler: async (req) => listAdviceConditions(await branchOf(req)) })
  app.route({
    ...fromEndpoint(A.createCondition),
    handler: async (req, reply) => created(reply, createAdviceCondition({ ...(await branchOf(req)), input: req.body })),
  })
  app.route({
    ...fromEndpoint(A.updateCondition),
    handler: async (req) => updateAdviceCondition({ ...(await itemOf(req)), input: req.body }),
  })
  app.route({
    ...fromEndpoint(A.removeCondition),
    handler: async (req, reply) => removed(reply, deleteAdviceCondition(await itemOf(req))),
  })
  app.route({
    ...fromEndpoint(A.questionnaireUsage),
    handler: async (req) => questionnaireAdviceUsage(await itemOf(req)),
  })
}
export default routes
