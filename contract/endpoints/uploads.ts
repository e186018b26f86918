import { z } from 'zod'
import { ZImageCategory, ZUploadedFile } from '../questionnaires'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['uploads']

export const uploads = {
  /** The icon catalogue for question icons (any signed-in user). */
  imageCategories: defineEndpoint({
    method: 'GET',
    path: '/images/categories',
    response: z.array(ZImageCategory),
    tags,
  }),
  /**
   * Multipart, one file (field `file`; optional field `id` first, a UUID that makes a retried
   * upload answer the same path).
   */
  image: defineEndpoint({
    method: 'POST',
    path: '/organisations/:org/upload/images',
    params: ZOrgParams,
    multipart: true,
    response: ZUploadedFile,
    status: 201,
    action: 'uploads.image',
    tags,
  }),
  /** The cookie that lets <img> tags load the organisation's stored files (204, no body). */
  storageSession: defineEndpoint({
    method: 'POST',
    path: '/storage/session',
    response: z.undefined(),
    status: 204,
    format: 'empty',
    tags,
  }),
}
