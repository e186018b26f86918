import { useTranslation } from 'react-i18next'
import type { EmployeeActivityPage } from '../../../contract/employees'
import type { ActivityPeriod } from '../../../contract/questionnaires/activities'
import { PeriodFilter, SelectField } from '../../ui'

export type Period = ActivityPeriod
export type FilterValues = { period: Period; employeeId?: string; type?: string }

type Props = {
  values: FilterValues
  /** The choices of the last answer (null before the first one). */
  choices: Pick<EmployeeActivityPage, 'types' | 'employees'> | null
  total: number | null
  onChange: (next: Partial<FilterValues>) => void
}

/** Spec §9 filter (last 7 days, last 30 days, all), then employee and type. */
export function ActivityFilters({ values, choices, total, onChange }: Props) {
  const { t } = useTranslation()
  const typeLabel = (type: string) => t(`activity-log.types.${type}`, { defaultValue: type })
  // A filter from the address that the log does not offer (any more) still shows as chosen.
  const employees = choices?.employees ?? []
  const employeeOptions = [
    { value: '', label: t('activity-log.allEmployees') },
    ...employees.map((e) => ({ value: e.id, label: e.name })),
    ...(values.employeeId && !employees.some((e) => e.id === values.employeeId)
      ? [{ value: values.employeeId, label: '…' }]
      : []),
  ]
  const types = [...(choices?.types ?? [])]
  if (values.type && !types.includes(values.type)) types.push(values.type)
  const typeOptions = [
    { value: '', label: t('activity-log.allTypes') },
    ...types.map((type) => ({ value: type, label: typeLabel(type) })).sort((a, b) => a.label.localeCompare(b.label)),
  ]

  return (
    <div className="mb-4 flex flex-col gap-4">
      <PeriodFilter value={values.period} onChange={(period) => onChange({ period })} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          label={t('activity-log.employee')}
          value={values.employeeId ?? ''}
          options={employeeOptions}
          onChange={(e) => onChange({ employeeId: e.target.value || undefined })}
          data-testid="activity-employee-filter"
        />
        <SelectField
          label={t('activity-log.type')}
          value={values.type ?? ''}
          options={typeOptions}
          onChange={(e) => onChange({ type: e.target.value || undefined })}
          data-testid="activity-type-filter"
        />
        {total !== null && total > 0 && (
          <p className="text-sm text-muted sm:pb-3" aria-live="polite">
            {t('activity-log.count', { count: total })}
          </p>
        )}
      </div>
    </div>
  )
}
