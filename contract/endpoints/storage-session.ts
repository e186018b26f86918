import { z } from 'zod'
import { defineEndpoint } from './define'

/**
 * The cookie that lets <img> tags load the organisation's stored files (204, no body). Its own
 * module (part of `API.uploads`): the app asks for it at start-up, so the entry imports it alone
 * rather than the endpoint registry with every schema.
 */
export const storageSession = defineEndpoint({
  method: 'POST',
  path: '/storage/session',
  response: z.undefined(),
  status: 204,
  format: 'empty',
  tags: ['uploads'],
})
