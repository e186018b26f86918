import { z } from 'zod'
import {
  ZCertificateVerification,
  ZCourseProgress,
  ZTrainingCertificate,
  ZTrainingCourse,
  ZTrainingCourseFull,
  ZTrainingModule,
  ZTrainingProgress,
  ZTrainingSegment,
} from '../trainings'
import { ZTrainingCourseInput, ZTrainingModuleInput, ZTrainingOrder } from '../trainings/inputs'
import { defineEndpoint } from './define'
import { ZOrgParams } from './params'

const tags = ['trainings']
const base = '/organisations/:org/trainings/courses'
const ZCourseParams = ZOrgParams.extend({ id: z.string().uuid() })
const ZModuleParams = ZCourseParams.extend({ moduleId: z.string().uuid() })
const ZSegmentParams = ZCourseParams.extend({ segmentId: z.string().uuid() })

/**
 * The organisation's own trainings (issue 24; spec "Trainings", called Academy or Blueprint; the
 * product calls the organisation's own programme Blueprint, and Academy the platform's paid courses):
 * every employee reads the courses shown to their roles (trainings.read; also offline, through the
 * sync), employees with manageTrainings write them and read them all (trainings.manage). A module
 * carries its ordered segments. Deletes are soft (tombstones reach the replicas).
 */
export const trainings = {
  listCourses: defineEndpoint({
    method: 'GET',
    path: base,
    params: ZOrgParams,
    response: z.array(ZTrainingCourse),
    action: 'trainings.read',
    tags,
  }),
  /** A course with its modules and segments (an "in order" course's locked segments without content). */
  getCourse: defineEndpoint({
    method: 'GET',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: ZTrainingCourseFull,
    action: 'trainings.read',
    tags,
  }),
  createCourse: defineEndpoint({
    method: 'POST',
    path: base,
    params: ZOrgParams,
    body: ZTrainingCourseInput,
    response: ZTrainingCourseFull,
    status: 201,
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  /** The full order (every live course's id once, first to last); anything else changes nothing. */
  reorderCourses: defineEndpoint({
    method: 'PUT',
    path: `${base}/order`,
    params: ZOrgParams,
    body: ZTrainingOrder,
    response: z.array(ZTrainingCourse),
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  updateCourse: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id`,
    params: ZCourseParams,
    body: ZTrainingCourseInput,
    response: ZTrainingCourseFull,
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  removeCourse: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    params: ZCourseParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),

  listModules: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    response: z.array(ZTrainingModule),
    action: 'trainings.read',
    tags,
  }),
  getModule: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: ZTrainingModule,
    action: 'trainings.read',
    tags,
  }),
  /** A module with its ordered segments. */
  createModule: defineEndpoint({
    method: 'POST',
    path: `${base}/:id/modules`,
    params: ZCourseParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    status: 201,
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  reorderModules: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/order`,
    params: ZCourseParams,
    body: ZTrainingOrder,
    response: z.array(ZTrainingModule),
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  /** The module's whole segment list: segments named by id are kept (progress in them survives). */
  updateModule: defineEndpoint({
    method: 'PUT',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    body: ZTrainingModuleInput,
    response: ZTrainingModule,
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),
  removeModule: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:id/modules/:moduleId`,
    params: ZModuleParams,
    response: z.null(),
    status: 204,
    format: 'empty',
    action: 'trainings.manage',
    feature: 'trainings',
    tags,
  }),

  /**
   * One segment with its content. In an "in order" course the caller must have completed the
   * segment before it: else 403 TRAINING_SEGMENT_LOCKED (`details.previousSegmentId`).
   */
  getSegment: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/segments/:segmentId`,
    params: ZSegmentParams,
    response: ZTrainingSegment,
    action: 'trainings.read',
    tags,
  }),
  /** Every employee's progress in the course (those who started it), for whoever manages trainings. */
  courseProgress: defineEndpoint({
    method: 'GET',
    path: `${base}/:id/progress`,
    params: ZCourseParams,
    response: z.array(ZCourseProgress),
    action: 'trainings.manage',
    tags,
  }),
  /** The caller's own progress in every segment (trainings and manuals); written through the sync. */
  progress: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/trainings/progress',
    params: ZOrgParams,
    response: z.array(ZTrainingProgress),
    action: 'trainings.read',
    tags,
  }),
  /**
   * Our addition to the spec (issue 24, research §7 F4): the caller's own certificates, one per
   * course they completed. The replica holds the same rows (sync entity `trainingCertificate`).
   */
  certificates: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/trainings/certificates',
    params: ZOrgParams,
    response: z.array(ZTrainingCertificate),
    action: 'trainings.read',
    tags,
  }),
  /**
   * Our addition to the spec (issue 24): a certificate as PDF (Dutch or English by the employee's
   * language), for the employee it was issued to and for those who manage trainings in the
   * organisation; anyone else's, and another organisation's, is 404.
   */
  downloadCertificate: defineEndpoint({
    method: 'GET',
    path: '/organisations/:org/trainings/certificates/:id/pdf',
    params: ZOrgParams.extend({ id: z.string().uuid() }),
    response: z.unknown(),
    format: 'file',
    action: 'trainings.read',
    tags,
  }),
}

/**
 * Our addition to the spec (issue 24): anyone holding a certificate's code checks it, without
 * signing in (a future employer, a customer). It answers only the course title, the employee's
 * name, the organisation's name and the issue date; an unknown code is 404
 * TRAINING_CERTIFICATE_NOT_FOUND. Rate-limited per IP like the other public code paths.
 */
export const certificates = {
  verify: defineEndpoint({
    method: 'GET',
    path: '/certificates/:code',
    params: z.object({ code: z.string().max(40) }),
    response: ZCertificateVerification,
    public: true,
    tags: ['certificates'],
  }),
}
