import { z } from 'zod'
import { isIsoDate } from './dates'
import { customIssue } from './messages'
import { STORED_IMAGE_RE } from './questionnaires/uploads'

/*
 * A skin analysis (issue 11; the spec names the entity, not its fields): what a skin therapist
 * records at an intake or a check-up. Skin type, Fitzpatrick phototype, concerns each with a
 * severity per face zone (marked on a face map), notes and dated photos. Append-only: each save
 * is a new analysis (the history; two dates compared side by side), keyed by the client's UUID
 * so an offline save arrives once.
 */

export const SKIN_TYPES = ['normal', 'dry', 'oily', 'combination', 'sensitive'] as const
export const ZSkinType = z.enum(SKIN_TYPES)
export type SkinType = z.infer<typeof ZSkinType>

/** Fitzpatrick phototypes I (always burns) to VI (never burns). */
export const FITZPATRICK_TYPES = ['I', 'II', 'III', 'IV', 'V', 'VI'] as const
export const ZFitzpatrick = z.enum(FITZPATRICK_TYPES)
export type Fitzpatrick = z.infer<typeof ZFitzpatrick>

export const SKIN_CONCERNS = [
  'acne',
  'blackheads',
  'pigmentation',
  'redness',
  'rosacea',
  'fineLines',
  'wrinkles',
  'dehydration',
  'enlargedPores',
  'sensitivity',
  'scarring',
  'dullness',
] as const
export const ZSkinConcern = z.enum(SKIN_CONCERNS)
export type SkinConcern = z.infer<typeof ZSkinConcern>

/** The face map's zones (left/right as the customer's own left and right). */
export const FACE_ZONES = [
  'forehead',
  'aroundEyes',
  'nose',
  'leftCheek',
  'rightCheek',
  'mouth',
  'chin',
  'neck',
] as const
export const ZFaceZone = z.enum(FACE_ZONES)
export type FaceZone = z.infer<typeof ZFaceZone>

/** 1 mild, 2 moderate, 3 severe. */
export const ZSeverity = z.number().int().min(1).max(3)
export type Severity = 1 | 2 | 3

/** One concern in one zone. */
export const ZSkinFinding = z.object({ concern: ZSkinConcern, zone: ZFaceZone, severity: ZSeverity })
export type SkinFinding = z.infer<typeof ZSkinFinding>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The latest day an analysis or photo may carry: "today" in every time zone (UTC+14 is ahead of
 * UTC by less than a day) with a day of clock skew on the device that dated it. Later is refused.
 */
export const latestSkinDay = (now: Date = new Date()) => new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10)

/** A past or present day (yyyy-MM-dd): an analysis records what was seen, never a plan. */
const zDay = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!isIsoDate(v)) ctx.addIssue(customIssue('dateInvalid', { value: v }))
    else if (v > latestSkinDay()) ctx.addIssue(customIssue('skinAnalysis.futureDate'))
  })

/**
 * A photo: the storage path of an uploaded image (POST /upload/images), or on the tablet before
 * the sync engine uploaded it a local reference (`local-photo:<id>`, never accepted by the server).
 */
export const ZSkinPhoto = z.object({
  path: z
    .string()
    .max(200)
    .refine((v) => STORED_IMAGE_RE.test(v), { message: 'Invalid image' }),
  takenOn: zDay,
  caption: z.string().trim().max(200).default(''),
})
export type SkinPhoto = { path: string; takenOn: string; caption: string }

export const SKIN_NOTES_MAX = 5000
export const SKIN_PHOTOS_MAX = 12

export const ZSkinAnalysisData = z.object({
  skinType: ZSkinType.nullable(),
  fitzpatrick: ZFitzpatrick.nullable(),
  findings: z
    .array(ZSkinFinding)
    .max(SKIN_CONCERNS.length * FACE_ZONES.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>()
      list.forEach((f, i) => {
        const key = `${f.concern}:${f.zone}`
        if (seen.has(key)) ctx.addIssue({ ...customIssue('skinAnalysis.duplicateFinding'), path: [i] })
        seen.add(key)
      })
    }),
  notes: z.string().trim().max(SKIN_NOTES_MAX),
  photos: z.array(ZSkinPhoto).max(SKIN_PHOTOS_MAX),
})

/** PUT …/skin-analysis and the `skinAnalysis.save` args: a new analysis under the client's UUID. */
export const ZSaveSkinAnalysis = ZSkinAnalysisData.extend({
  id: z.string().uuid(),
  /** The day of the analysis (yyyy-MM-dd). */
  analysedOn: zDay,
})
export type SaveSkinAnalysis = z.input<typeof ZSaveSkinAnalysis>

/** One saved analysis as the API answers it (and the replica holds it). */
export const ZSkinAnalysis = z.object({
  id: z.string().uuid(),
  customerId: z.string().uuid(),
  salonId: z.string().uuid(),
  employeeId: z.string().uuid().nullable(),
  authorName: z.string(),
  analysedOn: z.string(),
  skinType: ZSkinType.nullable(),
  fitzpatrick: ZFitzpatrick.nullable(),
  findings: z.array(ZSkinFinding),
  notes: z.string(),
  photos: z.array(z.object({ path: z.string(), takenOn: z.string(), caption: z.string() })),
  /** When it was saved (ARCHITECTURE "Time": offline, the corrected device time). */
  createdAt: z.string(),
  /** When the server received it. Optional: replica rows from before it have none. */
  receivedAt: z.string().optional(),
  version: z.number().int(),
})
export type SkinAnalysis = z.infer<typeof ZSkinAnalysis>

/** GET …/skin-analysis: the latest analysis and every saved one, newest first. */
export const ZSkinAnalysisHistory = z.object({
  latest: ZSkinAnalysis.nullable(),
  history: z.array(ZSkinAnalysis),
})

/** Newest first: by day, then by when it was saved, then id (every side picks the same "latest"). */
export function byNewest(a: Pick<SkinAnalysis, 'analysedOn' | 'createdAt' | 'id'>, b: typeof a): number {
  if (a.analysedOn !== b.analysedOn) return a.analysedOn < b.analysedOn ? 1 : -1
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1
  return a.id < b.id ? 1 : -1
}

/** Severity per `concern:zone` (the face map's and the comparison's lookup). */
export const findingMap = (findings: readonly SkinFinding[]) =>
  new Map(findings.map((f) => [`${f.concern}:${f.zone}` as const, f.severity]))

/** What changed between an older and a newer analysis, per concern and zone. */
export type FindingChange = { concern: SkinConcern; zone: FaceZone; before: number; after: number }
export function compareFindings(older: readonly SkinFinding[], newer: readonly SkinFinding[]): FindingChange[] {
  const a = findingMap(older)
  const b = findingMap(newer)
  const out: FindingChange[] = []
  for (const concern of SKIN_CONCERNS)
    for (const zone of FACE_ZONES) {
      const key = `${concern}:${zone}` as const
      const before = a.get(key) ?? 0
      const after = b.get(key) ?? 0
      if (before !== after) out.push({ concern, zone, before, after })
    }
  return out
}
