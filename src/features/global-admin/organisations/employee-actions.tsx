import { useTranslation } from 'react-i18next'
import type { GlobalEmployee } from '../../../../contract/global-organisations'
import { Badge } from '../../../ui'

/**
 * What a global admin can do with one employee of an organisation. For now it shows the
 * employee's status; acting as the employee (impersonation) is added here.
 */
export function EmployeeActions({ employee }: { organisationId: string; employee: GlobalEmployee }) {
  const { t } = useTranslation()
  const tone = employee.status === 'active' ? 'success' : employee.status === 'invited' ? 'primary' : 'neutral'
  return <Badge tone={tone}>{t(`global-organisations.employeeStatus.${employee.status}`)}</Badge>
}
