import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActivityPeriod } from '../../contract/questionnaires/activities'
import { cx } from './cx'

const PERIODS: ActivityPeriod[] = ['7d', '30d', 'all']

/**
 * The spec's period filter of comments and activity: last 7 days, last 30 days, all. One row of
 * touch-sized chips (a radio group underneath, so arrow keys and screen readers work).
 */
export function PeriodFilter({ value, onChange }: { value: ActivityPeriod; onChange: (p: ActivityPeriod) => void }) {
  const { t } = useTranslation()
  const name = useId()
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('common.period')}</legend>
      {PERIODS.map((p) => (
        <label
          key={p}
          className={cx(
            'flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm transition',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark',
            value === p ? 'border-primary-dark bg-primary-light text-ink' : 'border-line bg-white text-muted',
          )}
        >
          <input type="radio" name={name} className="sr-only" checked={value === p} onChange={() => onChange(p)} />
          {t(`common.periods.${p}`)}
        </label>
      ))}
    </fieldset>
  )
}
