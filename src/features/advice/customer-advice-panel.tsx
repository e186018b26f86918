import { useTranslation } from 'react-i18next'
import type { AdviceKind } from '../../../contract/advice'
import { useCustomerAdvice } from './use-customer-advice'

const STAFF_KINDS: readonly AdviceKind[] = ['customerAdvice', 'employeeAdvice']

/**
 * The advice a customer's answers choose, on the customer card (the card's Advice module):
 * staff see the customer-advice and the employee-advice modules that show. Read from the
 * replica, so it works offline.
 */
export function CustomerAdvicePanel({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const list = useCustomerAdvice(customerId, STAFF_KINDS)
  if (!list || list.customerId !== customerId) return null
  const shown = list.rows.filter((r) => r.verdict.shows)
  if (shown.length === 0) return <p className="text-sm text-muted">{t('advice.none')}</p>
  return (
    <ul className="space-y-2">
      {shown.map(({ advice }) => (
        <li key={advice.id} className="rounded-lg border border-line px-3 py-2 text-sm">
          {advice.name}
        </li>
      ))}
    </ul>
  )
}
