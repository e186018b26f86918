import { z } from 'zod'
import { customIssue, msg } from '../messages'
import { ZSegmentAudio, ZSegmentKind, ZSegmentPdf } from './index'

/*
 * What the trainings and user manual editors send (issue 24). The server sanitises rich text and
 * checks what needs the database (roles are the organisation's, uploads are under its storage,
 * a segment id is the module's own).
 */

/**
 * YouTube or Vimeo only (spec §5), strictly: https, a known host and a video id —
 * youtube.com/watch?v=ID, youtube.com/embed/ID, youtube.com/shorts/ID, youtu.be/ID (ID: 11 of
 * [A-Za-z0-9_-]), vimeo.com/NUMBER, player.vimeo.com/video/NUMBER; an optional query or fragment.
 */
export const TRAINING_VIDEO_URL_RE =
  /^https:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:[\w.%=-]+&)*v=[\w-]{11}|embed\/[\w-]{11}|shorts\/[\w-]{11})|youtu\.be\/[\w-]{11}|(?:www\.)?vimeo\.com\/\d{1,12}|player\.vimeo\.com\/video\/\d{1,12})(?:[?&#][^\s<>"']*)?$/

const zTitle = z.string().trim().min(1, msg('training.title')).max(200)
/** An optional English text: blank is none (Dutch shows instead). */
const zOptional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

export const ZTrainingCourseInput = z.object({
  title: zTitle,
  titleEn: zOptional(200),
  description: z.string().trim().max(5000).default(''),
  descriptionEn: zOptional(5000),
  inOrder: z.boolean().default(false),
  /** Trainings: roles that see it (empty: every employee). Manuals ignore it. */
  roleIds: z.array(z.string().uuid()).max(100).default([]),
})
export type TrainingCourseInput = z.output<typeof ZTrainingCourseInput> & { priceCents?: number }

/** A paid course (global admins): a course with its price in euro cents, excluding VAT. */
export const ZPaidCourseInput = ZTrainingCourseInput.extend({
  priceCents: z.number().int().min(0).max(100_000_00),
})

export const ZTrainingSegmentInput = z
  .object({
    /** An existing segment's id keeps it (and everyone's progress in it); absent: a new one. */
    id: z.string().uuid().optional(),
    kind: ZSegmentKind,
    /** A stable key (a manual page's link): lowercase letters, digits and dashes. */
    slug: zOptional(100).refine((v) => v === null || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), msg('training.slug')),
    title: zTitle,
    titleEn: zOptional(200),
    /** Rich text HTML (as the Grow editor stores it), sanitised on the server. */
    text: z.string().max(200_000).default(''),
    textEn: zOptional(200_000),
    audio: ZSegmentAudio.nullable().default(null),
    pdf: ZSegmentPdf.nullable().default(null),
    videoUrl: zOptional(1000).refine((v) => v === null || TRAINING_VIDEO_URL_RE.test(v), msg('training.videoUrl')),
    /** Paid courses (later): shown before the course is owned. */
    preview: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const missing =
      (v.kind === 'audio' && !v.audio) || (v.kind === 'pdf' && !v.pdf) || (v.kind === 'video' && !v.videoUrl)
    if (missing) ctx.addIssue({ ...customIssue('training.content'), path: [v.kind === 'video' ? 'videoUrl' : v.kind] })
  })
export type TrainingSegmentInput = z.output<typeof ZTrainingSegmentInput>

/** A module with its whole ordered segment list (segments are part of the module's body). */
export const ZTrainingModuleInput = z.object({
  title: zTitle,
  titleEn: zOptional(200),
  segments: z.array(ZTrainingSegmentInput).max(200).default([]),
})
export type TrainingModuleInput = z.output<typeof ZTrainingModuleInput>

/** The full order, first to last: every live item's id exactly once. */
export const ZTrainingOrder = z.object({ ids: z.array(z.string().uuid()).max(1000) })

/**
 * Progress in one segment, written offline (mutation `trainingProgress.record`): what happened,
 * never a time — the server dates it with the push's corrected device time (ARCHITECTURE "Time").
 */
export const ZTrainingProgressInput = z.object({
  segmentId: z.string().uuid(),
  started: z.boolean().default(true),
  completed: z.boolean().default(false),
  /** Where audio was left (seconds). */
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(0),
})
export type TrainingProgressInput = z.output<typeof ZTrainingProgressInput>
