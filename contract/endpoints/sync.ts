import { ZChangesQuery, ZChangesResponse, ZPushRequest, ZPushResponse } from '../sync'
import { defineEndpoint } from './define'
import { ZSalonParams } from './params'

const tags = ['sync']

/** The replica protocol of one branch (server/services/sync/README.md). */
export const sync = {
  changes: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/sync/changes',
    params: ZSalonParams,
    query: ZChangesQuery,
    response: ZChangesResponse,
    action: 'replica.sync',
    tags,
  }),
  /** Each mutation is authorised on its own (staff, or a customer's own submissions). */
  push: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons/:salon/sync/push',
    params: ZSalonParams,
    body: ZPushRequest,
    response: ZPushResponse,
    tags,
    permissionNote:
      'Staff with a role in the branch, or a signed-in customer of it; each change is checked against the action of its own entity.',
  }),
}
