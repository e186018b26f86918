import { AlertTriangle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { OutboxEntry } from '../../local-db/types'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { fieldIssueMessage, validationFields } from '../../ui/errors'
import { translateCustomerMessage } from './customer-form'

/** Field errors from a refused entry: e-mail taken, or the server's validation messages. */
export function errorsFromEntry(entry: OutboxEntry, t: (k: string) => string): Record<string, string> {
  const err = entry.error
  if (!err) return {}
  if (err.code === 'CUSTOMER_EMAIL_TAKEN') return { email: t('customers.emailTaken') }
  return Object.fromEntries(
    validationFields(err.details).map((f) => [
      f.path.replace(/^changes\./, ''),
      translateCustomerMessage(t as never, fieldIssueMessage(f)),
    ]),
  )
}

/**
 * A change of this customer the server refused: why, that correcting the form and saving replaces
 * it, and discarding it (back to the server's values).
 */
export function AttentionBanner({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const { t } = useTranslation()
  const code = entry.error?.code
  const text =
    code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
      ? t('customers.existsInOtherBranch')
      : code === 'CUSTOMER_EMAIL_TAKEN'
        ? t('customers.emailTaken')
        : t('customers.refused', { message: t(`errors.${code}`, { defaultValue: entry.error?.message ?? code }) })
  return (
    <div
      role="alert"
      data-testid="customer-attention"
      className={cx(
        'mb-6 flex flex-col gap-3 rounded-xl border p-4 text-sm',
        // Joining an existing customer is a normal next step, not an error.
        code === 'CUSTOMER_EXISTS_IN_OTHER_BRANCH'
          ? 'border-[#ecd6a4] bg-[#fbf1dc] text-[#5c3e07]'
          : 'border-[#eec5c1] bg-[#f8e7e5] text-[#6e2420]',
      )}
    >
      <p className="flex items-start gap-2">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          {text}
          {code !== 'CUSTOMER_EXISTS_IN_OTHER_BRANCH' && <> {t('customers.refusedFix')}</>}
        </span>
      </p>
      <div>
        <Button variant="ghost" onClick={onDiscard}>
          {t('customers.discard')}
        </Button>
      </div>
    </div>
  )
}
