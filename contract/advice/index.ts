import { z } from 'zod'
import { ZSubcondition } from '../conditions/advice'

/*
 * Grow modules (issue 11; spec: advice modules are called Grow modules). A branch's modules,
 * their groups and their named conditions; read offline by whoever reads advice (synced), changed
 * online only. Endpoints under /organisations/{org}/salons/{salon}/advices.
 */

/** Spec §3 enumerations. */
export const ADVICE_KINDS = ['customerAdvice', 'employeeAdvice'] as const
export const ZAdviceKind = z.enum(ADVICE_KINDS)
export type AdviceKind = z.infer<typeof ZAdviceKind>
export const ADVICE_CATEGORIES = ['Treatment', 'Products', 'SkinPlan', 'OnPoint'] as const
export const ZAdviceCategory = z.enum(ADVICE_CATEGORIES)
export type AdviceCategory = z.infer<typeof ZAdviceCategory>
export const ADVICE_LENGTHS = ['Default', 'Short', 'Long', 'Max'] as const
export const ZAdviceLength = z.enum(ADVICE_LENGTHS)
export type AdviceLength = z.infer<typeof ZAdviceLength>
export const ADVICE_MARKERS = ['Wishes', 'Wishes2', 'Vitality', 'Conditional', 'Persistent'] as const
export const ZAdviceMarker = z.enum(ADVICE_MARKERS)
export type AdviceMarker = z.infer<typeof ZAdviceMarker>
/** Spec: "Grow module content may be text or a URL". */
export const ADVICE_CONTENT_TYPES = ['text', 'url'] as const
export const ZAdviceContentType = z.enum(ADVICE_CONTENT_TYPES)

/** A module's uploaded audio (an MP3 under the organisation's storage). */
export const ZAdviceAudio = z.object({
  /** Storage path `<org>/audio/<uuid>.mp3` (what the module stores). */
  path: z.string().max(300),
  /** Where to play it from (`/storage/…`). */
  url: z.string().max(400),
  durationSeconds: z
    .number()
    .nonnegative()
    .max(24 * 3600)
    .nullable(),
})
export type AdviceAudio = z.infer<typeof ZAdviceAudio>

export const ZAdviceGroup = z.object({
  id: z.string().uuid(),
  salonId: z.string().uuid(),
  name: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type AdviceGroup = z.infer<typeof ZAdviceGroup>

export const ZAdviceCondition = z.object({
  id: z.string().uuid(),
  salonId: z.string().uuid(),
  name: z.string(),
  subconditions: z.array(ZSubcondition),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type AdviceCondition = z.infer<typeof ZAdviceCondition>

/** A Grow module as the API and the replica hold it. */
export const ZAdvice = z.object({
  id: z.string().uuid(),
  salonId: z.string().uuid(),
  name: z.string(),
  contentType: ZAdviceContentType,
  /** Rich text as HTML, sanitised on the server (contentType `text`). */
  text: z.string(),
  /** contentType `url`: the page the module points to. */
  url: z.string().nullable(),
  audio: ZAdviceAudio.nullable(),
  podcastUrl: z.string().nullable(),
  /** YouTube or Vimeo only (spec §5), shown embedded. */
  videoUrl: z.string().nullable(),
  groupId: z.string().uuid().nullable(),
  kind: ZAdviceKind,
  category: ZAdviceCategory.nullable(),
  length: ZAdviceLength,
  markers: z.array(ZAdviceMarker),
  /** The module shows if any of these conditions is met (none: always). */
  conditionIds: z.array(z.string().uuid()),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type Advice = z.infer<typeof ZAdvice>
