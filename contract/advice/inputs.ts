import { z } from 'zod'
import { ZSubcondition } from '../conditions/advice'
import { customIssue, msg } from '../messages'
import { VIDEO_URL_RE } from '../questionnaires/questions'
import { ZAdviceAudio, ZAdviceCategory, ZAdviceContentType, ZAdviceKind, ZAdviceLength, ZAdviceMarker } from './index'

/*
 * What the Grow editor sends (issue 11). The server sanitises `text` (rich text HTML) and checks
 * what needs the database: the group and conditions are the branch's, the audio path is under
 * the organisation's storage, a condition's subconditions fit its questionnaires (./check).
 */

/** http(s) addresses only (no javascript:, data:, …). */
export const WEB_URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i

const zNullableUrl = (re: RegExp, code: 'advice.url' | 'advice.videoUrl') =>
  z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || re.test(v), msg(code))

const zName = z.string().trim().min(1, msg('advice.name')).max(200)

export const ZAdviceConditionInput = z.object({
  name: zName,
  subconditions: z.array(ZSubcondition).min(1, msg('advice.subconditions')).max(30),
})
export type AdviceConditionInput = z.output<typeof ZAdviceConditionInput>
/**
 * A condition made in a module's drawer (issue 21 #9), on the client's id: created with the
 * module, in the module's transaction, or not at all (a module refused leaves no condition).
 */
export const ZNewAdviceCondition = ZAdviceConditionInput.extend({ id: z.string().uuid() })
export type NewAdviceCondition = z.output<typeof ZNewAdviceCondition>

export const ZAdviceInput = z
  .object({
    name: zName,
    contentType: ZAdviceContentType.default('text'),
    /** Rich text HTML; sanitised on the server (p, br, strong, em, u, lists, h2/h3, links). */
    text: z.string().max(100_000).default(''),
    url: zNullableUrl(WEB_URL_RE, 'advice.url'),
    audio: ZAdviceAudio.nullable().default(null),
    podcastUrl: zNullableUrl(WEB_URL_RE, 'advice.url'),
    videoUrl: zNullableUrl(VIDEO_URL_RE, 'advice.videoUrl'),
    groupId: z.string().uuid().nullable().default(null),
    kind: ZAdviceKind,
    category: ZAdviceCategory.nullable().default(null),
    length: ZAdviceLength.default('Default'),
    markers: z.array(ZAdviceMarker).max(10).default([]),
    conditionIds: z.array(z.string().uuid()).max(50).default([]),
    /** New conditions saved with the module; `conditionIds` names those it uses. */
    newConditions: z.array(ZNewAdviceCondition).max(10).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.contentType === 'url' && !v.url) ctx.addIssue({ ...customIssue('advice.url'), path: ['url'] })
  })
export type AdviceInput = z.output<typeof ZAdviceInput>

/** The whole order of the branch's modules (first to last), optionally per group. */
export const ZAdviceOrder = z.object({
  ids: z.array(z.string().uuid()).max(2000),
  /** Moves between groups: module id → its group (null: no group). Absent: groups stay. */
  groups: z.record(z.string().uuid(), z.string().uuid().nullable()).optional(),
})

export const ZAdviceGroupInput = z.object({ name: zName })
export const ZAdviceGroupOrder = z.object({ ids: z.array(z.string().uuid()).max(500) })

/** Who uses a questionnaire's questions in a Grow condition (the questionnaire editor's warning). */
export const ZAdviceUsage = z.array(
  z.object({
    conditionId: z.string().uuid(),
    conditionName: z.string(),
    salonId: z.string().uuid(),
    questionId: z.string(),
    /** Option ids the condition names (for an option removal). */
    optionIds: z.array(z.string()),
    modules: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
  }),
)
export type AdviceUsage = z.infer<typeof ZAdviceUsage>
