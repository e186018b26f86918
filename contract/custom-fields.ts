import { z } from 'zod'
import { isIsoDate, isoToDateText, parseDateText } from './dates'
import { customIssue, msg } from './messages'

/**
 * The organisation's own customer fields (issue 10; spec "custom fields" screen and drawer).
 * A value is stored in the customer's `customValues` under the field's `propertyName`:
 * text → string, number → number, date → ISO date "YYYY-MM-DD", boolean → boolean,
 * option → one of `options`. A field without a value is absent from `customValues`.
 */
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'option'] as const
export const ZCustomFieldType = z.enum(CUSTOM_FIELD_TYPES)
export type CustomFieldType = z.infer<typeof ZCustomFieldType>

/** One stored value (see above); the shape is checked against the field definition by the server. */
export const ZCustomValue = z.union([z.string().max(2000), z.number().finite(), z.boolean()])
export type CustomValue = z.infer<typeof ZCustomValue>
/** propertyName → value. At most 100 entries (an organisation has far fewer fields). */
export const ZCustomValues = z
  .record(z.string().min(1).max(64), ZCustomValue)
  .refine((v) => Object.keys(v).length <= 100, { message: 'Too many custom values.' })
export type CustomValues = z.infer<typeof ZCustomValues>

/** A property name: a letter, then letters, digits or underscores (a stable key, CSV header). */
export const PROPERTY_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

export const ZCustomField = z.object({
  id: z.string().uuid(),
  organisationId: z.string().uuid(),
  displayName: z.string(),
  propertyName: z.string(),
  type: ZCustomFieldType,
  /** The choices of an `option` field, in order; empty for other types. */
  options: z.array(z.string()),
  required: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
})
export type CustomField = z.infer<typeof ZCustomField>

/**
 * Why a typed or imported text is not a value of its field. The field's type decides the words
 * the screens show (`number`: "is not a number", …); `option` names the choices.
 */
export type CustomValueProblem = 'required' | 'number' | 'date' | 'boolean' | 'option' | 'tooLong'

const TRUE_WORDS = new Set(['ja', 'j', 'yes', 'y', 'true', 'waar', '1', 'x'])
const FALSE_WORDS = new Set(['nee', 'n', 'no', 'false', 'onwaar', '0'])

/**
 * Text (a form field, a CSV cell) → the value stored for `field`. Empty text is "no value"
 * (`value: undefined`), a problem only when the field is required. Numbers take a Dutch decimal
 * comma ("1,5"); dates "dd-mm-yyyy" (also with / or .) or ISO; yes/no also ja/nee/1/0; options
 * match case-insensitively and are stored as the definition spells them. One parser for the
 * drawer, the import and the server, so a value is read the same everywhere.
 */
export function parseCustomValue(
  field: Pick<CustomField, 'type' | 'options' | 'required'>,
  text: string,
): { ok: true; value: CustomValue | undefined } | { ok: false; problem: CustomValueProblem } {
  const s = text.trim()
  if (!s) return field.required ? { ok: false, problem: 'required' } : { ok: true, value: undefined }
  switch (field.type) {
    case 'text':
      return s.length > 2000 ? { ok: false, problem: 'tooLong' } : { ok: true, value: s }
    case 'number': {
      const normal = /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)
        ? s.replace(/\./g, '').replace(',', '.')
        : s.replace(',', '.')
      const n = /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, problem: 'number' }
    }
    case 'date': {
      const typed: unknown = s // isIsoDate narrows; keep `s` a string for the dd-mm-yyyy reading
      if (isIsoDate(typed)) return { ok: true, value: typed }
      const d = parseDateText(s.replace(/[/.]/g, '-'))
      return d.ok ? { ok: true, value: d.iso } : { ok: false, problem: 'date' }
    }
    case 'boolean': {
      const w = s.toLowerCase()
      if (TRUE_WORDS.has(w)) return { ok: true, value: true }
      if (FALSE_WORDS.has(w)) return { ok: true, value: false }
      return { ok: false, problem: 'boolean' }
    }
    case 'option': {
      const hit = field.options.find((o) => o.toLocaleLowerCase() === s.toLocaleLowerCase())
      return hit === undefined ? { ok: false, problem: 'option' } : { ok: true, value: hit }
    }
  }
}

/** Is `value` (stored or sent) a value of `field`? The server's check of `customValues`. */
export function isCustomValueOf(field: Pick<CustomField, 'type' | 'options'>, value: unknown): boolean {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.length <= 2000
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'date':
      return isIsoDate(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'option':
      return typeof value === 'string' && field.options.includes(value)
  }
}

/**
 * A stored value as plain text (CSV export, the list's columns): dates dd-mm-yyyy as shown in the
 * app, yes/no in the given language, numbers with the language's decimal sign.
 */
export function formatCustomValue(
  field: Pick<CustomField, 'type'>,
  value: CustomValue | undefined,
  lang: 'nl' | 'en' = 'nl',
): string {
  if (value === undefined || value === '') return ''
  switch (field.type) {
    case 'date':
      return typeof value === 'string' ? isoToDateText(value) : String(value)
    case 'boolean':
      return value === true
        ? lang === 'nl'
          ? 'ja'
          : 'yes'
        : value === false
          ? lang === 'nl'
            ? 'nee'
            : 'no'
          : String(value)
    case 'number':
      return typeof value === 'number' && lang === 'nl' ? String(value).replace('.', ',') : String(value)
    default:
      return String(value)
  }
}

/**
 * The definition as the custom fields screen edits it. `options` only for `option` fields (others
 * are stored with none); `position` orders the fields (drawer, list columns, import, export) —
 * left out on create, the field goes last.
 */
const zOption = z.string().trim().min(1, msg('required')).max(200)
export const ZCustomFieldFields = z.object({
  displayName: z.string().trim().min(1, msg('customField.displayName')).max(100),
  propertyName: z
    .string()
    .trim()
    .min(1, msg('customField.propertyName'))
    .regex(PROPERTY_NAME_RE, msg('customField.propertyNameFormat')),
  type: ZCustomFieldType,
  options: z.array(zOption).max(100).default([]),
  required: z.boolean().default(false),
  position: z.number().int().min(0).max(100_000).optional(),
})

/**
 * The option rules of a definition (create, and an update merged with the stored field): a choice
 * field needs options, each once (compared as the parser matches them: case-insensitively).
 */
export function optionProblems(
  type: CustomFieldType,
  options: readonly string[],
): { path: string; code: 'customField.options' | 'customField.duplicateOption' }[] {
  if (type !== 'option') return []
  if (options.length === 0) return [{ path: 'options', code: 'customField.options' }]
  const seen = new Set<string>()
  const out: { path: string; code: 'customField.duplicateOption' }[] = []
  options.forEach((o, i) => {
    const k = o.trim().toLocaleLowerCase()
    if (seen.has(k)) out.push({ path: `options.${i}`, code: 'customField.duplicateOption' })
    seen.add(k)
  })
  return out
}

export const ZCreateCustomField = ZCustomFieldFields.superRefine((f, ctx) => {
  for (const p of optionProblems(f.type, f.options))
    ctx.addIssue({ ...customIssue(p.code), path: p.path.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)) })
})
export type CreateCustomField = z.input<typeof ZCreateCustomField>
/** A change: only what it names. The option rules are checked on the field as it will be. */
export const ZUpdateCustomField = ZCustomFieldFields.extend({ options: z.array(zOption).max(100) }).partial()
export type UpdateCustomField = z.input<typeof ZUpdateCustomField>
/** The new order of the organisation's fields: every live field's id, first to last. */
export const ZReorderCustomFields = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) })
export type ReorderCustomFields = z.infer<typeof ZReorderCustomFields>

/**
 * A property name suggested from a display name ("Favoriete behandeling" → "favorieteBehandeling"):
 * accents dropped, words joined in camelCase, starting with a letter. Empty when nothing fits.
 */
export function suggestPropertyName(displayName: string): string {
  const words = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const joined = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('')
    .replace(/^[^A-Za-z]+/, '')
  return joined.slice(0, 64)
}
