import { z } from 'zod'

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
