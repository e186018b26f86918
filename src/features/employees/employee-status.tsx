import { useTranslation } from 'react-i18next'
import type { EmployeeStatus } from '../../../contract/employees'
import { Badge } from '../../ui'

const TONE = { invited: 'warning', active: 'success', deactivated: 'neutral' } as const

/** invited / active / deactivated, in words and colour. */
export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONE[status]}>{t(`employees.status.${status}`)}</Badge>
}
