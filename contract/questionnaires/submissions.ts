import { z } from 'zod'
import { zPageQuery } from '../validation'
import { ZAnswer, ZAnswerValue } from './answer-value'
import { ZQuestionnaireKind } from './questionnaire'
import { ZQuestionRead } from './questions'

export const ZTakenBy = z.enum(['customer', 'employee'])

/** POST …/questionnaireSubmissions: append-only, the client's UUID is the idempotency key. */
export const ZCreateSubmission = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  questionnaireId: z.string().uuid(),
  answers: z.array(ZAnswer).max(500),
  takenBy: ZTakenBy.default('customer'),
  /** Kiosk hand-over: the employee who handed the tablet over (an employee session only). */
  employeeId: z.string().uuid().nullish(),
  deviceId: z.string().trim().max(100).nullish(),
  /** The name this device was given ("Tablet balie"); staff read it instead of the id. */
  deviceName: z.string().trim().max(60).nullish(),
})
export type CreateSubmission = z.input<typeof ZCreateSubmission>

export const ZSubmission = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  /** The branch it was taken in. */
  salonId: z.string().uuid(),
  customerId: z.string().uuid(),
  questionnaireId: z.string().uuid(),
  answers: z.array(ZAnswer),
  takenBy: ZTakenBy,
  employeeId: z.string().uuid().nullable(),
  /** Who took it in the salon, by name as it was then (null for the customer's own). */
  employeeName: z.string().nullable().default(null),
  deviceId: z.string().nullable(),
  /** The device's name as it was then (null: taken before devices had names, or not named). */
  deviceName: z.string().nullable().default(null),
  /**
   * When it was submitted (ARCHITECTURE "Time"): on a device offline, its clock corrected by its
   * offset, never later than `receivedAt`; a raw device clock never dates anything.
   */
  submittedAt: z.string(),
  /** When the server received it. Optional: rows a replica holds from before it have none. */
  receivedAt: z.string().optional(),
  /** When an answer last changed (corrected the same way). */
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Submission = z.infer<typeof ZSubmission>

export const ZSubmissionListItem = ZSubmission.extend({ customerName: z.string(), questionnaireName: z.string() })
export const ZSubmissionList = z.object({
  items: z.array(ZSubmissionListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export const ZSubmissionListQuery = z.object({
  customerId: z.string().uuid().optional(),
  questionnaireId: z.string().uuid().optional(),
  ...zPageQuery,
})

/** One shown question with its answer; `text` uses the options' employee titles. */
export const ZSubmissionItem = z.object({ question: ZQuestionRead, value: ZAnswerValue, text: z.string() })
export const ZSubmissionDetail = ZSubmissionListItem.extend({
  questionnaireKind: ZQuestionnaireKind,
  items: z.array(ZSubmissionItem),
})
export type SubmissionDetail = z.infer<typeof ZSubmissionDetail>

/** POST …/questionnaireSubmissions/{id}/questionSubmission: change one answer. */
export const ZUpdateAnswer = ZAnswer
export type UpdateAnswer = z.infer<typeof ZUpdateAnswer>
