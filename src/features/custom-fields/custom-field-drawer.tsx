import { Plus, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  suggestPropertyName,
  ZCreateCustomField,
} from '../../../contract/custom-fields'
import { ApiError } from '../../api/client'
import {
  Button,
  FieldRefusal,
  FormDrawer,
  notify,
  SelectField,
  TextField,
  useApiErrorMessage,
  useEntityForm,
} from '../../ui'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useReplica } from '../sync/replica-context'
import { saveCustomField } from './save-custom-field'

type Props = { open: boolean; onClose: () => void; field: CustomField | null }
type Form = {
  displayName: string
  propertyName: string
  type: CustomFieldType
  options: string[]
  required: boolean
}

const formOf = (f: CustomField | null): Form => ({
  displayName: f?.displayName ?? '',
  propertyName: f?.propertyName ?? '',
  type: f?.type ?? 'text',
  options: f?.options.length ? [...f.options] : [''],
  required: f?.required ?? false,
})

/**
 * Create a custom field, or read and change one: display name, property name (suggested from the
 * display name while it is new and untouched), type, options of a choice field, required. Online
 * only, for those who define fields; otherwise the same drawer shows the field read-only and says why.
 */
export function CustomFieldDrawer({ open, onClose, field }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const canManage = useCan('customFields.manage')
  const replica = useReplica()
  const errorText = useApiErrorMessage()
  // The property name follows the display name until it is typed in itself (a new field only).
  const [nameTouched, setNameTouched] = useState(false)
  const readOnly = !canManage || !online

  const fieldId = field?.id ?? null
  const engine = useEntityForm({
    schema: ZCreateCustomField,
    initial: formOf(field),
    resetKey: open ? (fieldId ?? 'new') : null,
    onReset: () => setNameTouched(!!field),
    readOnly: !canManage,
    toInput: (form: Form) => ({
      ...form,
      options: form.type === 'option' ? form.options.map((o) => o.trim()).filter(Boolean) : [],
    }),
    submit: async (data) => {
      if (readOnly) return
      try {
        const saved = await saveCustomField({ field, input: data, db: replica?.db })
        if (saved)
          notify({
            type: 'success',
            message: t(field ? 'custom-fields.updated' : 'custom-fields.created', { name: saved.displayName }),
          })
        onClose()
      } catch (err) {
        if (err instanceof ApiError && err.code === 'CUSTOM_FIELD_PROPERTY_TAKEN')
          throw new FieldRefusal({ propertyName: errorText(err) })
        throw err
      }
    },
  })
  const form = engine.values
  const set = engine.patch
  const msg = engine.error
  const optionsError = msg('options')
  const title = !field
    ? t('custom-fields.createTitle')
    : readOnly
      ? t('custom-fields.viewTitle')
      : t('custom-fields.editTitle')
  return (
    <FormDrawer
      form={engine}
      open={open}
      onClose={onClose}
      title={title}
      formId="custom-field-form"
      className="flex flex-col gap-6"
      submitLabel={field ? t('common.save') : t('custom-fields.create')}
      submitDisabled={readOnly}
      notice={
        readOnly && {
          text: canManage ? t('custom-fields.needsConnection') : t('custom-fields.readOnly'),
          testId: 'custom-field-read-only',
        }
      }
    >
      <TextField
        label={t('custom-fields.displayName')}
        name="displayName"
        value={form.displayName}
        maxLength={100}
        disabled={readOnly}
        autoFocus={!readOnly}
        onChange={(e) => {
          const displayName = e.target.value
          set(nameTouched ? { displayName } : { displayName, propertyName: suggestPropertyName(displayName) })
        }}
        error={msg('displayName')}
      />
      <TextField
        label={t('custom-fields.propertyName')}
        name="propertyName"
        value={form.propertyName}
        maxLength={64}
        disabled={readOnly}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        onChange={(e) => {
          setNameTouched(true)
          set({ propertyName: e.target.value })
        }}
        hint={t('custom-fields.propertyNameHint')}
        error={msg('propertyName')}
      />
      <SelectField
        label={t('custom-fields.type')}
        name="type"
        value={form.type}
        disabled={readOnly}
        onChange={(e) => set({ type: e.target.value as CustomFieldType })}
        options={CUSTOM_FIELD_TYPES.map((v) => ({ value: v, label: t(`custom-fields.types.${v}`) }))}
        error={msg('type')}
      />
      {form.type === 'option' && (
        <fieldset className="flex flex-col gap-3" data-testid="custom-field-options">
          <legend className="mb-1.5 text-sm font-medium text-ink">{t('custom-fields.options')}</legend>
          {form.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
            <div key={i} className="flex items-start gap-2">
              <div className="flex-1">
                <TextField
                  label={<span className="sr-only">{t('custom-fields.optionLabel', { number: i + 1 })}</span>}
                  value={o}
                  maxLength={200}
                  disabled={readOnly}
                  onChange={(e) => set({ options: form.options.map((x, j) => (j === i ? e.target.value : x)) })}
                  error={msg(`options.${i}`)}
                />
              </div>
              {!readOnly && form.options.length > 1 && (
                <Button
                  variant="ghost"
                  className="mt-1.5"
                  aria-label={t('custom-fields.removeOption', { number: i + 1 })}
                  onClick={() => set({ options: form.options.filter((_, j) => j !== i) })}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </div>
          ))}
          {optionsError && (
            <p role="alert" className="text-sm text-[#a23b35]">
              {optionsError}
            </p>
          )}
          {!readOnly && (
            <div>
              <Button variant="secondary" onClick={() => set({ options: [...form.options, ''] })}>
                <Plus aria-hidden className="size-4" /> {t('custom-fields.addOption')}
              </Button>
            </div>
          )}
        </fieldset>
      )}
      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-white px-3.5 py-3">
        <input
          type="checkbox"
          name="required"
          className="mt-0.5 size-5 accent-[var(--color-primary-dark)]"
          checked={form.required}
          disabled={readOnly}
          onChange={(e) => set({ required: e.target.checked })}
        />
        <span className="flex flex-col">
          <span className="text-sm font-medium text-ink">{t('custom-fields.required')}</span>
          <span className="text-sm text-muted">{t('custom-fields.requiredHint')}</span>
        </span>
      </label>
    </FormDrawer>
  )
}
