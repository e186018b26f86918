import { z } from 'zod'
import { ZAdviceOperator } from './conditions/advice'
import { customIssue } from './messages'
import { zQuestionId } from './questionnaires/answer-value'
import { isAnswerable, type QuestionType, type ZQuestionGroup } from './questionnaires/questions'

type QuestionGroup = z.infer<typeof ZQuestionGroup>

/*
 * The customer card (spec "dashboard configuration", issue 11): per branch, which modules the
 * card shows, in which order, and their elements. One configuration per branch; a branch without
 * one shows the provider's default (`defaultDashboardConfig`, built from the organisation's
 * questionnaires). The same functions run on the server (GET answers the default) and on the
 * tablet (the card renders the default offline when the replica holds no configuration).
 *
 * Element types (the spec names them; what they mean here):
 * - Direct: shown when the customer answered it (an unanswered question is left out);
 * - Conditional: shown only when its condition on the answer holds (the Grow operators of
 *   contract/conditions/advice.ts: is, is not, any of, more than, answered…);
 * - Persistent: always shown; "—" when not answered (a fixed place on the card).
 */

/** Spec §3 module kinds. `Reporting` is shown as "customer card"; `Advice` is Grow. */
export const MODULE_KINDS = [
  'Wishes',
  'Wishes2',
  'Skin',
  'Vitality',
  'Basic',
  'Reporting',
  'Advice',
  'Documents',
] as const
export const ZModuleKind = z.enum(MODULE_KINDS)
export type ModuleKind = z.infer<typeof ZModuleKind>

export const ELEMENT_TYPES = ['Direct', 'Conditional', 'Persistent'] as const
export const ZElementType = z.enum(ELEMENT_TYPES)
export type ElementType = z.infer<typeof ZElementType>

export const LABEL_POSITIONS = ['top', 'left', 'right', 'bottom', 'noLabel'] as const
export const ZLabelPosition = z.enum(LABEL_POSITIONS)
export type LabelPosition = z.infer<typeof ZLabelPosition>

/** Default: a third of the row on wide screens; Short a quarter; Long two thirds; Max the whole row. */
export const ELEMENT_SIZES = ['Default', 'Short', 'Long', 'Max'] as const
export const ZElementSize = z.enum(ELEMENT_SIZES)
export type ElementSize = z.infer<typeof ZElementSize>

/** The customer's own fields an element may show (custom fields by their id). */
export const CUSTOMER_CARD_FIELDS = [
  'fullName',
  'email',
  'phoneNumber',
  'alternatePhoneNumber',
  'dateOfBirth',
  'gender',
  'address',
  'zipCode',
  'city',
  'notes',
] as const
export const ZCustomerCardField = z.enum(CUSTOMER_CARD_FIELDS)
export type CustomerCardField = z.infer<typeof ZCustomerCardField>

/** Which question groups (spec "section groups") feed each module kind; null: any group. */
export const MODULE_GROUPS: Record<ModuleKind, readonly QuestionGroup[] | null> = {
  Wishes: ['wishes'],
  Wishes2: ['wishes'],
  Skin: ['skin'],
  Vitality: ['vitality'],
  Basic: ['customer'],
  Reporting: null,
  Advice: [],
  Documents: [],
}
/** Kinds whose content is not made of elements (Grow advice, documents). */
export const KINDS_WITHOUT_ELEMENTS: readonly ModuleKind[] = ['Advice', 'Documents']
/** Kinds that may show customer fields (Basic: the customer's details; Reporting: anything). */
export const KINDS_WITH_FIELDS: readonly ModuleKind[] = ['Basic', 'Reporting']

export const ZElementSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), questionnaireId: z.string().uuid(), questionId: zQuestionId }),
  z.object({ kind: z.literal('field'), field: ZCustomerCardField }),
  z.object({ kind: z.literal('customField'), fieldId: z.string().uuid() }),
])
export type ElementSource = z.infer<typeof ZElementSource>

/** A Conditional element's rule on its own answer (the Grow operators). */
export const ZElementCondition = z.object({
  operator: ZAdviceOperator,
  value: z.union([z.string().max(300), z.number().finite(), z.boolean()]).optional(),
  values: z.array(z.string().max(300)).max(100).optional(),
})
export type ElementCondition = z.infer<typeof ZElementCondition>

export const LABEL_MAX = 100
export const POSTFIX_MAX = 40
export const ELEMENTS_MAX = 60

export const ZDashboardElement = z
  .object({
    /** Client-made id (stable across saves: the editor and the problems name elements by it). */
    id: z.string().trim().min(1).max(64),
    type: ZElementType,
    labelPosition: ZLabelPosition,
    /** Empty: the question's name (or the field's name) is shown. */
    label: z.string().trim().max(LABEL_MAX),
    /** After the value ("kg", "cm", "x per week"). */
    labelPostfix: z.string().trim().max(POSTFIX_MAX),
    /** Widest the label may be, in CSS pixels (left/right labels); null: as wide as it needs. */
    maxLabelWidth: z.number().int().min(40).max(600).nullable(),
    size: ZElementSize,
    source: ZElementSource,
    condition: ZElementCondition.nullable(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'Conditional' && !e.condition) ctx.addIssue({ ...customIssue('required'), path: ['condition'] })
  })
export type DashboardElement = z.infer<typeof ZDashboardElement>

export const ZDashboardModule = z.object({
  kind: ZModuleKind,
  enabled: z.boolean(),
  elements: z.array(ZDashboardElement).max(ELEMENTS_MAX),
})
export type DashboardModule = z.infer<typeof ZDashboardModule>

/** The card: every module kind exactly once, in the order shown. */
export const ZDashboardConfig = z
  .object({ modules: z.array(ZDashboardModule).min(1).max(MODULE_KINDS.length) })
  .superRefine((c, ctx) => {
    const seen = new Set<string>()
    c.modules.forEach((m, i) => {
      if (seen.has(m.kind)) ctx.addIssue({ ...customIssue('dashboard.duplicateModule'), path: ['modules', i, 'kind'] })
      seen.add(m.kind)
      const ids = new Set<string>()
      m.elements.forEach((e, j) => {
        if (ids.has(e.id))
          ctx.addIssue({ ...customIssue('dashboard.duplicateElement'), path: ['modules', i, 'elements', j, 'id'] })
        ids.add(e.id)
        if (KINDS_WITHOUT_ELEMENTS.includes(m.kind))
          ctx.addIssue({ ...customIssue('dashboard.noElements'), path: ['modules', i, 'elements', j] })
        else if (e.source.kind !== 'question' && !KINDS_WITH_FIELDS.includes(m.kind))
          ctx.addIssue({ ...customIssue('dashboard.groupMismatch'), path: ['modules', i, 'elements', j, 'source'] })
      })
    })
  })
export type DashboardConfig = z.infer<typeof ZDashboardConfig>

/** A stored element that no longer fits the questionnaires (a question removed or regrouped). */
export const ZDashboardProblem = z.object({
  kind: ZModuleKind,
  elementId: z.string(),
  code: z.enum(['dashboard.questionMissing', 'dashboard.groupMismatch', 'dashboard.fieldMissing']),
})
export type DashboardProblem = z.infer<typeof ZDashboardProblem>

/** One branch's card as the replica holds it (the synced row; `id` is the branch's id). */
export const ZDashboardConfiguration = z.object({
  id: z.string().uuid(),
  salonId: z.string().uuid(),
  config: ZDashboardConfig,
  updatedAt: z.string().nullable(),
  version: z.number().int(),
})
export type DashboardConfiguration = z.infer<typeof ZDashboardConfiguration>

/** GET/POST …/dashboard-configurations: the branch's card, whether it is the default, what no longer fits. */
export const ZDashboardConfigurationRead = ZDashboardConfiguration.extend({
  isDefault: z.boolean(),
  problems: z.array(ZDashboardProblem),
})
export type DashboardConfigurationRead = z.infer<typeof ZDashboardConfigurationRead>

export const ZSaveDashboardConfiguration = z.object({ config: ZDashboardConfig })

/** The questions and custom fields a configuration is checked against. */
export type CardQuestionnaire = {
  id: string
  name: string
  questions: readonly { id: string; name: string; type: QuestionType; group: QuestionGroup | null }[]
}

/**
 * Elements that no longer fit: a question gone (or an information block), a question of another
 * group than the module's, a custom field removed. The server refuses saving these; a stored
 * configuration that went stale later shows them flagged in the editor and leaves them off the card.
 */
export function dashboardProblems(
  config: DashboardConfig,
  questionnaires: readonly CardQuestionnaire[],
  customFieldIds: ReadonlySet<string>,
): DashboardProblem[] {
  const byId = new Map(questionnaires.map((q) => [q.id, new Map(q.questions.map((x) => [x.id, x]))]))
  const out: DashboardProblem[] = []
  for (const m of config.modules) {
    const groups = MODULE_GROUPS[m.kind]
    for (const e of m.elements) {
      const s = e.source
      if (s.kind === 'question') {
        const q = byId.get(s.questionnaireId)?.get(s.questionId)
        if (!q || !isAnswerable(q)) out.push({ kind: m.kind, elementId: e.id, code: 'dashboard.questionMissing' })
        else if (groups && !(q.group && groups.includes(q.group)))
          out.push({ kind: m.kind, elementId: e.id, code: 'dashboard.groupMismatch' })
      } else if (s.kind === 'customField' && !customFieldIds.has(s.fieldId)) {
        out.push({ kind: m.kind, elementId: e.id, code: 'dashboard.fieldMissing' })
      }
    }
  }
  return out
}

/** How many questions of a group the default configuration takes per module. */
const DEFAULT_PER_MODULE = 8

const element = (id: string, source: ElementSource, over: Partial<DashboardElement> = {}): DashboardElement => ({
  id,
  type: 'Direct',
  labelPosition: 'top',
  label: '',
  labelPostfix: '',
  maxLabelWidth: null,
  size: 'Default',
  source,
  condition: null,
  ...over,
})

/**
 * The provider's default card for a branch without a configuration: the customer's details
 * (Basic), their wishes, skin and vitality answers (the first questions of those groups in the
 * organisation's questionnaires, shown when answered), the skin analysis, the advice and the
 * documents sent (issue 12: where "needs new consent" shows).
 */
export function defaultDashboardConfig(questionnaires: readonly CardQuestionnaire[]): DashboardConfig {
  const fromGroup = (group: QuestionGroup, prefix: string) => {
    const out: DashboardElement[] = []
    for (const qn of questionnaires)
      for (const q of qn.questions)
        if (q.group === group && isAnswerable(q) && out.length < DEFAULT_PER_MODULE)
          out.push(
            element(`${prefix}-${out.length + 1}`, { kind: 'question', questionnaireId: qn.id, questionId: q.id }),
          )
    return out
  }
  const basic: DashboardElement[] = (['phoneNumber', 'email', 'dateOfBirth', 'city'] as const).map((field, i) =>
    element(
      `basic-${i + 1}`,
      { kind: 'field', field },
      { type: 'Persistent', labelPosition: 'left', maxLabelWidth: 140 },
    ),
  )
  return {
    modules: [
      { kind: 'Basic', enabled: true, elements: basic },
      { kind: 'Wishes', enabled: true, elements: fromGroup('wishes', 'wishes') },
      { kind: 'Skin', enabled: true, elements: fromGroup('skin', 'skin') },
      { kind: 'Vitality', enabled: true, elements: fromGroup('vitality', 'vitality') },
      { kind: 'Advice', enabled: true, elements: [] },
      { kind: 'Documents', enabled: true, elements: [] },
      { kind: 'Wishes2', enabled: false, elements: [] },
      { kind: 'Reporting', enabled: false, elements: [] },
    ],
  }
}

/** A configuration with every kind present (kinds added in a later version appear, switched off). */
export function completeConfig(config: DashboardConfig): DashboardConfig {
  const missing = MODULE_KINDS.filter((k) => !config.modules.some((m) => m.kind === k))
  return { modules: [...config.modules, ...missing.map((kind) => ({ kind, enabled: false, elements: [] }))] }
}
