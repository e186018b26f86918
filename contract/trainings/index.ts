import { v5 as uuidv5 } from 'uuid'
import { z } from 'zod'
import { ZAdviceAudio } from '../advice'
import { ZDocumentPdf } from '../documents'
import { ZDiscountCode, ZPayment } from '../subscriptions'

/*
 * Trainings (issue 24): one model for three kinds of course (spec: "Course (paid course, training
 * course, user manual course), each with modules"):
 * - `training`: an organisation's own (Blueprint), under /organisations/{org}/trainings;
 * - `manual`: the platform's user manuals, under /user-manuals (Dutch and English, Dutch the fallback);
 * - `paid`: the platform's paid courses (later; the kind is reserved).
 * Course → module → segment, each ordered by `position`.
 */
export const COURSE_KINDS = ['training', 'manual', 'paid'] as const
export const ZCourseKind = z.enum(COURSE_KINDS)
export type CourseKind = z.infer<typeof ZCourseKind>

export const SEGMENT_KINDS = ['text', 'audio', 'pdf', 'video'] as const
export const ZSegmentKind = z.enum(SEGMENT_KINDS)
export type SegmentKind = z.infer<typeof ZSegmentKind>

/** An uploaded MP3 (as Grow audio: `<org>/audio/<uuid>.mp3`). */
export const ZSegmentAudio = ZAdviceAudio
/** An uploaded PDF (as documents: `<org>/pdf/<uuid>.pdf`). */
export const ZSegmentPdf = ZDocumentPdf.pick({ path: true, url: true, name: true })
export type SegmentPdf = z.infer<typeof ZSegmentPdf>

/**
 * A segment as the API and the replica hold it. `locked`: an "in order" course's segment whose
 * previous segment this employee has not completed yet — its content (text, audio, pdf,
 * videoUrl) is left out (empty / null) until then (server/services/trainings/README.md).
 */
export const ZTrainingSegment = z.object({
  id: z.string().uuid(),
  moduleId: z.string().uuid(),
  kind: ZSegmentKind,
  /** Stable key of the segment (a manual page's link target); null when none was given. */
  slug: z.string().nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
  /** Rich text HTML, sanitised on the server (kind text). */
  text: z.string(),
  textEn: z.string().nullable(),
  audio: ZSegmentAudio.nullable(),
  pdf: ZSegmentPdf.nullable(),
  /** YouTube or Vimeo only. */
  videoUrl: z.string().nullable(),
  preview: z.boolean(),
  locked: z.boolean(),
  position: z.number().int(),
})
export type TrainingSegment = z.infer<typeof ZTrainingSegment>

export const ZTrainingModule = z.object({
  id: z.string().uuid(),
  courseId: z.string().uuid(),
  title: z.string(),
  titleEn: z.string().nullable(),
  position: z.number().int(),
  segments: z.array(ZTrainingSegment),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type TrainingModule = z.infer<typeof ZTrainingModule>

/** A course without its modules (the lists). */
export const ZTrainingCourse = z.object({
  id: z.string().uuid(),
  kind: ZCourseKind,
  title: z.string(),
  titleEn: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  inOrder: z.boolean(),
  /** Trainings: the roles it is shown to (empty: every employee). */
  roleIds: z.array(z.string().uuid()),
  /** Paid courses: the price in euro cents, excluding VAT (null for the other kinds). */
  priceCents: z.number().int().nullable(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type TrainingCourse = z.infer<typeof ZTrainingCourse>

/** A course with its modules and their segments, in order (one course read; the replica's row). */
export const ZTrainingCourseFull = ZTrainingCourse.extend({ modules: z.array(ZTrainingModule) })
export type TrainingCourseFull = z.infer<typeof ZTrainingCourseFull>

/**
 * The user manuals for the device's copy (issue 24): `version` names this content (a hash of it);
 * `courses` null when the device already holds that version.
 */
export const ZUserManualsOffline = z.object({
  version: z.string(),
  courses: z.array(ZTrainingCourseFull).nullable(),
})
export type UserManualsOffline = z.infer<typeof ZUserManualsOffline>

/** A user manual segment a search found (issue 24): where a screen links to. */
export const ZManualHit = z.object({
  moduleId: z.string().uuid(),
  segmentId: z.string().uuid(),
  slug: z.string().nullable(),
  title: z.string(),
  titleEn: z.string().nullable(),
})
/** A course in the list; with a search (`q`), the segments that matched. */
export const ZTrainingCourseListed = ZTrainingCourse.extend({ hits: z.array(ZManualHit).optional() })
export type TrainingCourseListed = z.infer<typeof ZTrainingCourseListed>

/**
 * A paid course as an organisation's catalogue lists it (issue 24): whether the organisation owns
 * it, and its price without and with the organisation's VAT (billing's VAT decision).
 */
export const ZPaidCourseOffer = ZTrainingCourse.extend({
  owned: z.boolean(),
  priceExVatCents: z.number().int(),
  priceIncVatCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
})
export type PaidCourseOffer = z.infer<typeof ZPaidCourseOffer>

/** `POST …/paid-courses/{id}/payment?discountCode=` (spec: "with a query"). */
export const ZPaidCoursePaymentQuery = z.object({ discountCode: ZDiscountCode.optional() })

/** A course purchase started: its payment and checkout, or owned at once when nothing is due. */
export const ZPaidCoursePaymentResult = z.object({
  payment: ZPayment.nullable(),
  checkoutUrl: z.string().nullable(),
  owned: z.boolean(),
})
export type PaidCoursePaymentResult = z.infer<typeof ZPaidCoursePaymentResult>

/**
 * One employee's progress in a course, for those who manage trainings (issue 24): how many of its
 * live segments they completed, when they started, and when they completed the last one (null
 * until every segment is completed).
 */
export const ZCourseProgress = z.object({
  employeeId: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  completedSegments: z.number().int(),
  totalSegments: z.number().int(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The certificate issued when they completed every segment (null: none yet). */
  certificate: z.object({ id: z.string().uuid(), code: z.string(), issuedAt: z.string() }).nullable(),
})
export type CourseProgress = z.infer<typeof ZCourseProgress>

/** An employee's progress in one segment (their own; synced to their replicas). */
export const ZTrainingProgress = z.object({
  id: z.string().uuid(),
  employeeId: z.string().uuid(),
  courseId: z.string().uuid(),
  segmentId: z.string().uuid(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  positionSeconds: z.number().int(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type TrainingProgress = z.infer<typeof ZTrainingProgress>

/** Dutch is the fallback of a manual's English text (and the only language of a training). */
export const inLanguage = (nl: string, en: string | null, lang: string) => (lang === 'en' && en ? en : nl)

const PROGRESS_NAMESPACE = '6f1c1b1e-5a0e-4c55-9d3e-2a4f0b7c9e24'
/**
 * The id of an employee's progress in a segment: the same on every device and on the server, so
 * progress made offline on two tablets lands on one row (unique per employee and segment).
 */
export const progressId = (employeeId: string, segmentId: string) =>
  uuidv5(`${employeeId}:${segmentId}`, PROGRESS_NAMESPACE)

/**
 * Verification codes of certificates: 10 characters from an alphabet without look-alikes (no 0/O,
 * 1/I/L), so one read off paper is typed right; 31^10 ≈ 8·10^14 codes, far beyond what the public
 * verify call's rate limit lets anyone guess. Typed codes are read loosely: case, spaces and dashes
 * do not matter (`normaliseCertificateCode`).
 */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CERTIFICATE_CODE_LENGTH = 10
export const normaliseCertificateCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '')
/** How a code is shown and printed: two groups of five ("ABCDE-FGHJK"), easier to read out. */
export const formatCertificateCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

/**
 * A certificate (issue 24; our addition to the spec, research §7 F4): issued once when an employee
 * completes every live segment of a course, dated by that completion's corrected time. The
 * course title and employee name are as issued. The employee's own are synced to their replicas.
 */
export const ZTrainingCertificate = z.object({
  id: z.string().uuid(),
  employeeId: z.string().uuid(),
  courseId: z.string().uuid(),
  courseTitle: z.string(),
  courseTitleEn: z.string().nullable(),
  employeeName: z.string(),
  issuedAt: z.string(),
  code: z.string(),
  version: z.number().int(),
})
export type TrainingCertificate = z.infer<typeof ZTrainingCertificate>

/** What anyone with the code may learn of a certificate (the public verify call): nothing more. */
export const ZCertificateVerification = z.object({
  courseTitle: z.string(),
  courseTitleEn: z.string().nullable(),
  employeeName: z.string(),
  organisationName: z.string(),
  issuedAt: z.string(),
})
export type CertificateVerification = z.infer<typeof ZCertificateVerification>

/** The public page's form: a code as typed (checked loosely by the server; the form only asks for something). */
export const ZCertificateCodeInput = z.object({ code: z.string().trim().min(1).max(40) })
