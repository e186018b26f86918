import { z } from 'zod'
import {
  ZTrainingCourse,
  ZTrainingCourseFull,
  ZTrainingCourseListed,
  ZTrainingModule,
  ZUserManualsOffline,
} from '../trainings'
import { ZTrainingCourseInput, ZTrainingModuleInput, ZTrainingOrder } from '../trainings/inputs'
import { defineEndpoint } from './define'

const tags = ['user-manuals']
const base = '/user-manuals/courses'
const ZCourseParams = z.object({ id: z.string().uuid() })
const ZModuleParams = ZCourseParams.extend({ moduleId: z.string().uuid() })

/**
 * The platform's user manuals (issue 24): courses of kind `manual`, Dutch and English (Dutch the
 * fallback), with a stable `slug` per segment a screen links to. Every signed-in employee reads
 * them (userManuals.read), the global admins write them (platform.manage).
 */
export const userManuals = {
  /**
   * Every manual in order; with `q`, full-text search: the manuals whose title, description or a
   * segment's title or text (Dutch or English, tags left out) holds every word, each with the
   * segments that matched (`hits`: the link targets).
   */
  listCourses: defineEndpoint({
    method: 'GET',
    path: base,
    query: z.object({ q: z.string().trim().max(200).optional() }),
    response: z.array(ZTrainingCourseListed),
    action: 'userManuals.read',
    tags,
  }),
  /**
   * Every manual whole, for the replica (read offline, issue 24): the sync worker sends the
   * `version` it holds and gets `courses: null` while nothing changed (ETag / If-None-Match in
   * the query, so the typed client reads it like any call); else every live manual and the new
   * version, which replace the device's copy (new, changed and deleted manuals alike).
   */
  offline: defineEndpoint({
    method: 'GET',
    path: '/user-manuals/offline',
    query: z.object({ version: z.string().trim().max(100).optional() }),
    response: ZUserManualsOffline,
    action: 'userManuals.read',
    tags,
  }),
  getCourse: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: ZTrainingCourseFull,
    action: 'userManuals.read',
    tags,
  }),
  createCourse: defineEndpoint({
    method: 'POST',
    path: base,
    body: ZTrainingCourseInput,
    response: ZTrainingCourseFull,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  reorderCourses: defineEndpoint({
    method: 'PUT',
    path: `${base}/order`,
    body: ZTrainingOrder,
    response: z.array(ZTrainingCourse),
    action: 'platform.manage',
    tags,
  }),
  updateCourse: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZCourseParams,
    body: ZTrainingCourseInput,
    response: ZTrainingCourseFull,
    action: 'platform.manage',
    tags,
  }),
  removeCourse: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'platform.manage',
    tags,
  }),

  listModules: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    response: z.array(ZTrainingModule),
    action: 'userManuals.read',
    tags,
  }),
  getModule: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: ZTrainingModule,
    action: 'userManuals.read',
    tags,
  }),
  createModule: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    status: 201,
    action: 'platform.manage',
    tags,
  }),
  reorderModules: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/order`,
    params: ZCourseParams,
    body: ZTrainingOrder,
    response: z.array(ZTrainingModule),
    action: 'platform.manage',
    tags,
  }),
  updateModule: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    action: 'platform.manage',
    tags,
  }),
  removeModule: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'platform.manage',
    tags,
  }),
}
