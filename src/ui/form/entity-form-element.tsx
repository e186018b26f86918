import { type ReactNode, useEffect, useRef } from 'react'
import type { FieldValues } from 'react-hook-form'
import { cx } from '../cx'
import { FormError } from '../form-error'
import type { EntityForm } from './use-entity-form'

type Props<V extends FieldValues> = {
  form: EntityForm<V>
  /** The id the submit button (in a footer, outside the form) sends. */
  id: string
  children: ReactNode
  className?: string
  hidden?: boolean
  /** Where the general error goes: after the fields (default) or nowhere (the form shows it itself). */
  showFormError?: boolean
  /**
   * Read-only disables everything inside (default). `false`: the form disables its own fields,
   * because its read-only view keeps controls to look around (open a question to read it).
   */
  lockWhenReadOnly?: boolean
} & Omit<React.FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'id' | 'children' | 'className' | 'hidden'>

/**
 * The <form> of an engine form: submits through it, fields disabled when read-only, the general
 * error below the fields. For a drawer use FormDrawer; a dialog or a page puts this in its own frame.
 */
export function EntityFormElement<V extends FieldValues>({
  form,
  id,
  children,
  className = 'flex flex-col gap-5',
  hidden,
  showFormError = true,
  lockWhenReadOnly = true,
  ...rest
}: Props<V>) {
  // A refusal of the whole save sits below the fields: it is brought into view, or the person
  // sees a button that did nothing.
  const errorRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (form.formError) errorRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [form.formError])
  return (
    <form
      {...rest}
      id={id}
      ref={form.formRef}
      noValidate
      hidden={hidden}
      onSubmit={(e) => void form.onSubmit(e)}
      className={cx(className)}
    >
      {form.readOnly && lockWhenReadOnly ? (
        <fieldset disabled className="contents">
          {children}
        </fieldset>
      ) : (
        children
      )}
      {showFormError && form.formError && (
        <div ref={errorRef}>
          <FormError text={form.formError} />
        </div>
      )}
    </form>
  )
}
