import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { Drawer } from '../drawer'
import { EntityFormElement } from './entity-form-element'
import type { EntityForm } from './use-entity-form'

type Props<V extends FieldValues> = {
  form: EntityForm<V>
  open: boolean
  onClose: () => void
  title: ReactNode
  /** The form's element id (the submit button in the footer sends it). */
  formId: string
  submitLabel: string
  /** The submit button cannot be used now (offline for an online-only change). */
  submitDisabled?: boolean
  /** Shown before the buttons while editing (a note on what saving does). */
  footerNote?: ReactNode
  /** Buttons before Cancel (another action on the same thing). */
  footerStart?: ReactNode
  /** Shown above the form (a notice, tabs); `after` below it. */
  before?: ReactNode
  after?: ReactNode
  children: ReactNode
  className?: string
  'data-testid'?: string
}

/**
 * The one frame of a drawer that edits one thing: the form, Cancel and the submit button (busy
 * while it sends), or only Close when read-only. Closing with changes asks first (useDiscardGuard
 * through Drawer); while a save runs nothing is at risk, so closing then does not ask.
 */
export function FormDrawer<V extends FieldValues>({
  form,
  open,
  onClose,
  title,
  formId,
  submitLabel,
  submitDisabled,
  footerNote,
  footerStart,
  before,
  after,
  children,
  className,
  'data-testid': testId,
}: Props<V>) {
  const { t } = useTranslation()
  const editable = !form.readOnly
  return (
    <Drawer
      open={open}
      onClose={onClose}
      dirty={form.isDirty && !form.isBusy}
      title={title}
      footer={(requestClose) => (
        <>
          {footerStart}
          {editable && footerNote}
          <Button variant="secondary" onClick={requestClose}>
            {editable ? t('common.cancel') : t('common.close')}
          </Button>
          {editable && (
            <Button type="submit" form={formId} loading={form.isBusy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          )}
        </>
      )}
    >
      {before}
      <EntityFormElement form={form} id={formId} className={className} data-testid={testId}>
        {children}
      </EntityFormElement>
      {after}
    </Drawer>
  )
}
