import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

type Props = {
  /** The drawer's guarded close (asks before discarding changes). */
  requestClose: () => void
  /** The id of the form the submit button sends. */
  form: string
  submitLabel: string
  /** False: a read-only view, with only Close. */
  editable?: boolean
  busy?: boolean
  disabled?: boolean
  /** Shown before the buttons while editing (a note on what saving does). */
  children?: ReactNode
}

/** The footer of a drawer that edits one thing in a form: Cancel and the submit button, or only Close. */
export function FormDrawerFooter({
  requestClose,
  form,
  submitLabel,
  editable = true,
  busy,
  disabled,
  children,
}: Props) {
  const { t } = useTranslation()
  return (
    <>
      {editable && children}
      <Button variant="secondary" onClick={requestClose}>
        {editable ? t('common.cancel') : t('common.close')}
      </Button>
      {editable && (
        <Button type="submit" form={form} loading={busy} disabled={disabled}>
          {submitLabel}
        </Button>
      )}
    </>
  )
}
