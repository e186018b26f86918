import { Columns3 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CustomField } from '../../../contract/custom-fields'
import { Button } from '../../ui/button'
import { CheckboxList } from '../../ui/choices'
import { lazyOnOpen } from '../app/lazy-on-open'

/** Opened by a click: the dialog loads then, not with the customer list. */
const Modal = lazyOnOpen(() => import('../../ui/modal'), 'Modal')

type Props = { fields: readonly CustomField[]; chosen: string[]; onChange: (ids: string[]) => void }

/**
 * Which custom fields show as columns in the customer list (issue 10), remembered on this device.
 * Not offered when the organisation has no custom fields.
 */
export function ColumnPicker({ fields, chosen, onChange }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  if (fields.length === 0) return null
  const shown = fields.filter((f) => chosen.includes(f.id)).length
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="column-picker">
        <Columns3 aria-hidden className="size-4" /> {t('custom-fields.columns')}
        {shown > 0 && <span className="text-muted">({shown})</span>}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('custom-fields.columnsTitle')}
        footer={<Button onClick={() => setOpen(false)}>{t('common.close')}</Button>}
      >
        <CheckboxList
          label={t('custom-fields.columnsHint')}
          options={fields.map((f) => ({ value: f.id, label: f.displayName }))}
          value={chosen.filter((id) => fields.some((f) => f.id === id))}
          onChange={onChange}
        />
      </Modal>
    </>
  )
}
