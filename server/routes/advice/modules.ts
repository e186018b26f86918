import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
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
 * Grow modules of a branch: /organisations/{org}/salons/{salon}/advices, its groups and
 * conditions. Static paths (`/order`, `/advice-groups`, …) are matched before `/:id`.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const A = API.advice
  handle(app, A.list, ({ caller, db, params }) => listAdvices({ db, caller, salonId: params.salon }))
  handle(app, A.create, ({ caller, db, params, body }) =>
    createAdvice({ db, caller, salonId: params.salon, input: body }),
  )
  handle(app, A.reorder, ({ caller, db, params, body }) =>
    reorderAdvices({ db, caller, salonId: params.salon, ids: body.ids, groups: body.groups }),
  )
  handle(app, A.update, ({ caller, db, params, body }) =>
    updateAdvice({ db, caller, salonId: params.salon, id: params.id, input: body }),
  )
  handle(app, A.remove, ({ caller, db, params }) => deleteAdvice({ db, caller, salonId: params.salon, id: params.id }))

  handle(app, A.listGroups, ({ caller, db, params }) => listAdviceGroups({ db, caller, salonId: params.salon }))
  handle(app, A.createGroup, ({ caller, db, params, body }) =>
    createAdviceGroup({ db, caller, salonId: params.salon, name: body.name }),
  )
  handle(app, A.reorderGroups, ({ caller, db, params, body }) =>
    reorderAdviceGroups({ db, caller, salonId: params.salon, ids: body.ids }),
  )
  handle(app, A.updateGroup, ({ caller, db, params, body }) =>
    updateAdviceGroup({ db, caller, salonId: params.salon, id: params.id, name: body.name }),
  )
  handle(app, A.removeGroup, ({ caller, db, params }) =>
    deleteAdviceGroup({ db, caller, salonId: params.salon, id: params.id }),
  )

  handle(app, A.listConditions, ({ caller, db, params }) => listAdviceConditions({ db, caller, salonId: params.salon }))
  handle(app, A.createCondition, ({ caller, db, params, body }) =>
    createAdviceCondition({ db, caller, salonId: params.salon, input: body }),
  )
  handle(app, A.updateCondition, ({ caller, db, params, body }) =>
    updateAdviceCondition({ db, caller, salonId: params.salon, id: params.id, input: body }),
  )
  handle(app, A.removeCondition, ({ caller, db, params }) =>
    deleteAdviceCondition({ db, caller, salonId: params.salon, id: params.id }),
  )
  handle(app, A.questionnaireUsage, ({ caller, db, params }) =>
    questionnaireAdviceUsage({ db, caller, salonId: params.salon, id: params.id }),
  )
}
export default routes
