import { z } from 'zod'
import { ZAdvice, ZAdviceCondition, ZAdviceGroup } from '../../advice'
import {
  ZAdviceConditionInput,
  ZAdviceGroupInput,
  ZAdviceGroupOrder,
  ZAdviceInput,
  ZAdviceOrder,
  ZAdviceUsage,
} from '../../advice/inputs'
import { defineEndpoint } from '../define'
import { ZSalonItemParams, ZSalonParams } from '../params'

const tags = ['advices']
const base = '/organisations/:org/salons/:salon/advices'

/**
 * Grow modules of a branch (issue 11): modules, their groups and their conditions. Read with
 * advice.read (also offline, through the sync), changed online with advice.manage. Deletes are
 * soft (tombstones reach the replicas).
 */
export const advice = {
  /** The branch's live modules in the set order (position). */
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: ZSalonParams,
    response: z.array(ZAdvice),
    action: 'advice.read',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: ZSalonParams,
    body: ZAdviceInput,
    response: ZAdvice,
    status: 201,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  /** The whole order (every live module's id, first to last) and, optionally, moves between groups. */
  reorder: defineEndpoint({
    method: 'PUT',
    path: `${base}/order`,
    params: ZSalonParams,
    body: ZAdviceOrder,
    response: z.array(ZAdvice),
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZSalonItemParams,
    body: ZAdviceInput,
    response: ZAdvice,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: ZSalonItemParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),

  listGroups: defineEndpoint({
    method: 'GET',
    path: `${base}/advice-groups`,
    params: ZSalonParams,
    response: z.array(ZAdviceGroup),
    action: 'advice.read',
    tags,
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: `${base}/advice-groups`,
    params: ZSalonParams,
    body: ZAdviceGroupInput,
    response: ZAdviceGroup,
    status: 201,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  /** The groups' order (every live group's id, first to last). */
  reorderGroups: defineEndpoint({
    method: 'PUT',
    path: `${base}/advice-groups/order`,
    params: ZSalonParams,
    body: ZAdviceGroupOrder,
    response: z.array(ZAdviceGroup),
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  updateGroup: defineEndpoint({
    method: 'PUT',
    path: `${base}/advice-groups/:id`,
    params: ZSalonItemParams,
    body: ZAdviceGroupInput,
    response: ZAdviceGroup,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  /** Its modules stay, without a group. */
  removeGroup: defineEndpoint({
    method: 'DELETE',
    path: `${base}/advice-groups/:id`,
    params: ZSalonItemParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),

  listConditions: defineEndpoint({
    method: 'GET',
    path: `${base}/advice-conditions`,
    params: ZSalonParams,
    response: z.array(ZAdviceCondition),
    action: 'advice.read',
    tags,
  }),
  createCondition: defineEndpoint({
    method: 'POST',
    path: `${base}/advice-conditions`,
    params: ZSalonParams,
    body: ZAdviceConditionInput,
    response: ZAdviceCondition,
    status: 201,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  updateCondition: defineEndpoint({
    method: 'PUT',
    path: `${base}/advice-conditions/:id`,
    params: ZSalonItemParams,
    body: ZAdviceConditionInput,
    response: ZAdviceCondition,
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  /** Refused while modules use it (ADVICE_CONDITION_IN_USE, details.modules names them). */
  removeCondition: defineEndpoint({
    method: 'DELETE',
    path: `${base}/advice-conditions/:id`,
    params: ZSalonItemParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'advice.manage',
    feature: 'grow',
    tags,
  }),
  /**
   * The Grow conditions (of every branch) that read this questionnaire, with their modules: the
   * questionnaire editor lists them before a question or option is removed.
   */
  questionnaireUsage: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/questionnaires/:id/advice-usage',
    params: ZSalonItemParams,
    response: ZAdviceUsage,
    action: 'questionnaires.manage',
    tags,
  }),
}
