import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../../../ui'

/**
 * Issue 21 #23: the explicit statement that makes the typed name a signature, for a person who
 * cannot draw one. A native checkbox with its label (keyboard: Tab, Space; read out by screen
 * readers), large enough to tap on a phone or the salon tablet.
 */
export function TypedStatement({
  checked,
  onChange,
  error,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string | null
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={id}
        className={cx(
          'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border bg-white p-3 text-base text-ink',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark',
          error ? 'border-[#a23b35]' : 'border-line',
        )}
      >
        <input
          id={id}
          name="typedStatement"
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-msg` : undefined}
          className="mt-1 size-5 shrink-0 accent-primary-dark"
        />
        <span>{t('document-signing.sign.typedStatement')}</span>
      </label>
      {error && (
        <p id={`${id}-msg`} role="alert" className="text-sm text-[#a23b35]">
          {error}
        </p>
      )}
    </div>
  )
}
