import type { ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { Drawer } from '../drawer'
import { Modal } from '../modal'
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
  /** Instead of "Cancel" where the action itself is a cancelling ("Keep subscription" beside "Cancel subscription"). */
  cancelLabel?: string
  /** The submit button cannot be used now (offline for an online-only change). */
  submitDisabled?: boolean
  /** A removal is confirmed with a red button. */
  submitVariant?: 'primary' | 'danger'
  /** Shown before the buttons while editing (a note on what saving does). */
  footerNote?: ReactNode
  /** Buttons before Cancel (another action on the same thing). */
  footerStart?: ReactNode
  /** Why nothing can be changed now (offline, no permission): the first line of the form. */
  notice?: { text: ReactNode; testId?: string } | false
  /** Shown above the form (a notice, tabs); `after` below it. */
  before?: ReactNode
  after?: ReactNode
  children: ReactNode
  className?: string
  'data-testid'?: string
}

/** Cancel and the submit button (busy while it sends), or only Close when read-only. */
function FormFooter<V extends FieldValues>(p: Props<V> & { requestClose: () => void }) {
  const { t } = useTranslation()
  const editable = !p.form.readOnly
  return (
    <>
      {p.footerStart}
      {editable && p.footerNote}
      <Button variant="secondary" onClick={p.requestClose}>
        {editable ? (p.cancelLabel ?? t('common.cancel')) : t('common.close')}
      </Button>
      {editable && (
        <Button
          type="submit"
          form={p.formId}
          variant={p.submitVariant}
          loading={p.form.isBusy}
          disabled={p.submitDisabled}
        >
          {p.submitLabel}
        </Button>
      )}
    </>
  )
}

function Body<V extends FieldValues>(p: Props<V>) {
  return (
    <>
      {p.before}
      <EntityFormElement form={p.form} id={p.formId} className={p.className} data-testid={p['data-testid']}>
        {p.notice && (
          <p className="rounded-lg bg-primary-light px-4 py-3 text-sm text-ink" data-testid={p.notice.testId}>
            {p.notice.text}
          </p>
        )}
        {p.children}
      </EntityFormElement>
      {p.after}
    </>
  )
}

/**
 * The one frame of a drawer that edits one thing: the form and its footer. Closing with changes
 * asks first (useDiscardGuard through Drawer) unless the form turned its guard off; while a save
 * runs nothing is at risk, so closing then does not ask.
 */
export function FormDrawer<V extends FieldValues>(props: Props<V>) {
  const { form } = props
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      dirty={form.guard && form.isDirty && !form.isBusy}
      title={props.title}
      footer={(requestClose) => <FormFooter {...props} requestClose={requestClose} />}
    >
      <Body {...props} />
    </Drawer>
  )
}

/** The same frame as a centred dialog (a PIN, a name, a confirmation with a password). */
export function FormModal<V extends FieldValues>(props: Props<V> & { width?: number; zIndex?: number }) {
  const { form } = props
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      dirty={form.guard && form.isDirty && !form.isBusy}
      title={props.title}
      width={props.width}
      zIndex={props.zIndex}
      footer={(requestClose) => <FormFooter {...props} requestClose={requestClose} />}
    >
      <Body {...props} />
    </Modal>
  )
}
