import { AlertTriangle } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { OutboxEntry } from '../../local-db/types'
import { useCustomerFacing } from '../../ui'
import { outboxErrorText } from '../sync/outbox-error-text'

type Props<E extends OutboxEntry> = {
  testId: string
  title: ReactNode
  rows: { e: E; name: string }[]
  /** What the customer can do about one refused entry (buttons). */
  actions: (e: E) => ReactNode
}

/** A warning box listing what the server refused, each with its reason and what to do about it. */
export function RefusedNotice<E extends OutboxEntry>({ testId, title, rows, actions }: Props<E>) {
  const { t } = useTranslation()
  const titleId = useId()
  const customerFacing = useCustomerFacing()
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex flex-col gap-4 rounded-xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-left text-[#5c3d06]"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-medium">
        <AlertTriangle aria-hidden className="size-5 shrink-0" />
        {title}
      </h2>
      <ul className="flex flex-col gap-4">
        {rows.map(({ e, name }) => (
          <li key={e.id} className="flex flex-col gap-3">
            <p className="text-base">
              <span className="font-medium">{name || t('questionnaire-fill.refusedUnknown')}</span>
              {': '}
              {outboxErrorText(t, e.error, customerFacing)}
            </p>
            <div className="flex flex-wrap gap-3">{actions(e)}</div>
          </li>
        ))}
      </ul>
    </section>
  )
}
