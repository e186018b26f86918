import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API } from '../../../contract/endpoints'
import { handle } from '../../http/handle'
import { billingDepsOf } from '../../services/billing/deps'
import { cancelCustomerSubscription } from '../../services/global-billing/cancel'
import {
  createDiscountCode,
  deactivateDiscountCode,
  deleteDiscountCode,
  discountRedemptionsOf,
  listDiscountCodes,
  updateDiscountCode,
} from '../../services/global-billing/discount-codes'
import { createOption, listAllOptions, updateOption } from '../../services/global-billing/plans'
import { listCustomerSubscriptions } from '../../services/global-billing/subscriptions'

const S = API.globalSubscriptions
const D = API.globalDiscountCodes

/** Issue 23: the global administrators' billing (server/services/global-billing). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps = billingDepsOf(app)
  handle(app, S.customerSubscriptions, ({ caller, db, query }) => listCustomerSubscriptions({ db, caller, query }))
  handle(app, S.cancelCustomerSubscription, ({ caller, params, query }) =>
    cancelCustomerSubscription({ deps, caller, id: params.id, query }),
  )
  handle(app, S.allOptions, ({ caller, db }) => listAllOptions({ db, caller }))
  handle(app, S.createOption, ({ caller, db, body }) => createOption({ db, caller, input: body }))
  handle(app, S.updateOption, ({ caller, db, params, body }) =>
    updateOption({ db, caller, id: params.id, patch: body }),
  )
  handle(app, D.list, ({ caller, db }) => listDiscountCodes({ db, caller }))
  handle(app, D.create, ({ caller, db, body }) => createDiscountCode({ db, caller, input: body }))
  handle(app, D.update, ({ caller, db, params, body }) =>
    updateDiscountCode({ db, caller, id: params.id, patch: body }),
  )
  handle(app, D.deactivate, ({ caller, db, params }) => deactivateDiscountCode({ db, caller, id: params.id }))
  handle(app, D.remove, ({ caller, db, params }) => deleteDiscountCode({ db, caller, id: params.id }))
  handle(app, D.redemptions, ({ caller, db, params }) => discountRedemptionsOf({ db, caller, id: params.id }))
}
export default routes
