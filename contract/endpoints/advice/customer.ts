import { z } from 'zod'
import {
  ZAdviceNotification,
  ZAdviceNotificationResult,
  ZCustomerNotification,
  ZMyAdvice,
  ZStaffCustomerAdvice,
} from '../../advice/customer-advice'
import { defineEndpoint } from '../define'
import { ZCustomerParams, ZOrgParams, ZSalonItemParams } from '../params'

const tags = ['customerAdvice']

/**
 * A customer's advice (issue 11): the modules their latest answers choose, with why. Staff read
 * a customer's in a branch (both kinds, every module with its verdict); the signed-in customer
 * reads their own (customer advice that shows, across their branches). Staff tell the customer
 * it is ready by e-mail, WhatsApp or in-app; the customer's area shows in-app notices until seen.
 */
export const customerAdvice = {
  forCustomer: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/customers/:id/advice',
    params: ZSalonItemParams,
    response: ZStaffCustomerAdvice,
    action: 'customerAdvice.read',
    tags,
  }),
  /** The signed-in customer only (their branches' customerAdvice.read decides what they see). */
  mine: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/me/advice',
    params: ZOrgParams,
    response: ZMyAdvice,
    tags,
  }),
  notify: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/customers/:id/advice-notification',
    params: ZCustomerParams,
    body: ZAdviceNotification,
    response: ZAdviceNotificationResult,
    action: 'advice.notify',
    feature: 'grow',
    tags,
  }),
  myNotifications: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/customers/me/notifications',
    params: ZOrgParams,
    response: z.array(ZCustomerNotification),
    tags,
  }),
  seen: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/customers/me/notifications/:id/seen',
    params: ZCustomerParams,
    response: ZCustomerNotification,
    tags,
  }),
}
