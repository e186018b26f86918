import { z } from 'zod'
import { ZCommentListQuery, ZCommentScope, ZCreateComment, ZCustomerComment, ZUpdateComment } from '../comments'
import { defineEndpoint } from './define'
import { ZCustomerParams, ZOrgParams } from './params'

const tags = ['customerComments']
const base = '/organisations/:org/customer-comments'

/**
 * Staff comments on a customer (spec "Customer comments", issue 10). Every call names the
 * customer and the branch the caller acts in (the spec's query): the customer must be visible
 * there. Writing is append-only on the client's UUID (201 new, 200 when the same comment arrives
 * again); editing or deleting someone else's comment needs manageCustomers in that branch.
 */
export const customerComments = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: ZOrgParams,
    query: ZCommentListQuery,
    response: z.array(ZCustomerComment),
    action: 'customerComments.read',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: ZOrgParams,
    body: ZCreateComment,
    response: ZCustomerComment,
    status: [200, 201],
    action: 'customerComments.write',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZCustomerParams,
    query: ZCommentScope,
    body: ZUpdateComment,
    response: ZCustomerComment,
    action: 'customerComments.write',
    tags,
  }),
  /** A tombstone: replicas drop the comment at their next sync. */
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: ZCustomerParams,
    query: ZCommentScope,
    response: z.undefined(),
    status: 204,
    format: 'empty',
    action: 'customerComments.write',
    tags,
  }),
}
