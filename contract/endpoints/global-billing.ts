import { z } from 'zod'
import {
  ZAdminDiscountCode,
  ZAdminSubscriptionOption,
  ZCancelCustomerSubscriptionQuery,
  ZCancelCustomerSubscriptionResult,
  ZCustomerSubscriptionPage,
  ZCustomerSubscriptionsQuery,
  ZDiscountCodeCreate,
  ZDiscountCodeUpdate,
  ZDiscountRedemptions,
  ZIdParams,
  ZSubscriptionOptionCreate,
  ZSubscriptionOptionUpdate,
} from '../global-billing'
import { defineEndpoint } from './define'

const tags = ['global']
const action = 'platform.manage' as const

/**
 * Spec §7 Global subscriptions and Global organisations (discount codes): the platform's
 * administrators only (issue 23; contract/global-billing.ts). The public plan list stays
 * `API.subscriptions.options` (active plans only); the admin's list has every plan.
 */
export const globalSubscriptions = {
  customerSubscriptions: defineEndpoint({
    method: 'GET',
    path: '/global/subscriptions/customer-subscriptions',
    query: ZCustomerSubscriptionsQuery,
    response: ZCustomerSubscriptionPage,
    action,
    tags,
  }),
  /** Cancels with a reason: at the end of the term, or now (optionally refunding the unused part). */
  cancelCustomerSubscription: defineEndpoint({
    method: 'DELETE',
    path: '/global/subscriptions/customer-subscriptions/:id',
    params: ZIdParams,
    query: ZCancelCustomerSubscriptionQuery,
    response: ZCancelCustomerSubscriptionResult,
    action,
    tags,
  }),
  allOptions: defineEndpoint({
    method: 'GET',
    path: '/global/subscriptions/options/all',
    response: z.array(ZAdminSubscriptionOption),
    action,
    tags,
  }),
  createOption: defineEndpoint({
    method: 'POST',
    path: '/global/subscriptions/options',
    body: ZSubscriptionOptionCreate,
    response: ZAdminSubscriptionOption,
    status: 201,
    action,
    tags,
  }),
  updateOption: defineEndpoint({
    method: 'PUT',
    path: '/global/subscriptions/options/:id',
    params: ZIdParams,
    body: ZSubscriptionOptionUpdate,
    response: ZAdminSubscriptionOption,
    action,
    tags,
  }),
}

export const globalDiscountCodes = {
  list: defineEndpoint({
    method: 'GET',
    path: '/global/organisations/discount-codes',
    response: z.array(ZAdminDiscountCode),
    action,
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/global/organisations/discount-codes',
    body: ZDiscountCodeCreate,
    response: ZAdminDiscountCode,
    status: 201,
    action,
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/global/organisations/discount-codes/:id',
    params: ZIdParams,
    body: ZDiscountCodeUpdate,
    response: ZAdminDiscountCode,
    action,
    tags,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/global/organisations/discount-codes/:id/deactivate',
    params: ZIdParams,
    response: ZAdminDiscountCode,
    action,
    tags,
  }),
  /** Only a code never redeemed; a used one is deactivated instead (DISCOUNT_CODE_USED). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/global/organisations/discount-codes/:id',
    params: ZIdParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action,
    tags,
  }),
  redemptions: defineEndpoint({
    method: 'GET',
    path: '/global/organisations/discount-codes/:id/redemptions',
    params: ZIdParams,
    response: ZDiscountRedemptions,
    action,
    tags,
  }),
}
