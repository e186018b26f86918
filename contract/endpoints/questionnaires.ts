import { z } from 'zod'
import {
  ZCreateQuestionnaire,
  ZCreateShortcut,
  ZMessageTemplate,
  ZMessageTemplateQuery,
  ZQuestionnaire,
  ZSendQuestionnaire,
  ZSendResult,
  ZShortcut,
  ZShortcutLink,
  ZShortcutQuery,
  ZUpdateQuestionnaire,
} from '../questionnaires'
import { defineEndpoint } from './define'
import { ZSalonItemParams, ZSalonParams } from './params'

const tags = ['questionnaires']

/**
 * /organisations/{org}/salons/{salon}/questionnaires. Questionnaires are organisation-wide; the
 * branch scopes the permission check. Customers may read the ones meant for them.
 */
export const questionnaires = {
  list: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/questionnaires',
    params: ZSalonParams,
    response: z.array(ZQuestionnaire),
    action: 'questionnaires.fill',
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/questionnaires/:id',
    params: ZSalonItemParams,
    response: ZQuestionnaire,
    action: 'questionnaires.fill',
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons/:salon/questionnaires',
    params: ZSalonParams,
    body: ZCreateQuestionnaire,
    response: ZQuestionnaire,
    status: 201,
    action: 'questionnaires.manage',
    tags,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/organisations/:org/salons/:salon/questionnaires/:id',
    params: ZSalonItemParams,
    body: ZUpdateQuestionnaire,
    response: ZQuestionnaire,
    action: 'questionnaires.manage',
    tags,
  }),
  /** The submissions as a CSV file (content-disposition names it). */
  export: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/salons/:salon/questionnaires/:id/export',
    params: ZSalonItemParams,
    response: z.unknown(),
    format: 'file',
    action: 'questionnaires.export',
    tags,
  }),
  /** The short link that opens this questionnaire for one customer. */
  createShortcut: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons/:salon/questionnaires/:id/shortcuts',
    params: ZSalonItemParams,
    body: ZCreateShortcut,
    response: ZShortcutLink,
    action: 'shortcuts.create',
    tags,
  }),
  /** One questionnaire to one or many customers (200 with per-customer failures). */
  send: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/salons/:salon/questionnaires/send',
    params: ZSalonParams,
    body: ZSendQuestionnaire,
    response: ZSendResult,
    action: 'questionnaires.send',
    tags,
  }),
  /** The default message text, in the asked or the employee's language (employees only). */
  newQuestionnaireTemplate: defineEndpoint({
    method: 'GET',
    path: '/message-templates/new-questionnaire',
    query: ZMessageTemplateQuery,
    response: ZMessageTemplate,
    action: 'messageTemplates.read',
    tags,
  }),
}

/** GET /shortcuts?code=: no credentials (spec §6); rate-limited. */
export const shortcuts = {
  resolve: defineEndpoint({
    method: 'GET',
    path: '/shortcuts',
    query: ZShortcutQuery,
    response: ZShortcut,
    public: true,
    tags: ['shortcuts'],
  }),
}
