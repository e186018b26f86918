import { useTranslation } from 'react-i18next'
import type { GlobalEmployee } from '../../../../contract/global-organisations'
import { Badge } from '../../../ui'
import { ImpersonateButton } from '../impersonation/impersonate-dialog'

/**
 * What a global admin can do with one employee of an organisation: the employee's status, and
 * acting as them ("Act as", impersonation) while they can sign in at all.
 */
export function EmployeeActions({ organisationId, employee }: { organisationId: string; employee: GlobalEmployee }) {
  const { t } = useTranslation()
  const tone = employee.status === 'active' ? 'success' : employee.status === 'invited' ? 'primary' : 'neutral'
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={tone}>{t(`global-organisations.employeeStatus.${employee.status}`)}</Badge>
      {employee.status === 'active' && (
        <ImpersonateButton
          organisationId={organisationId}
          employee={{ id: employee.id, name: `${employee.firstName} ${employee.lastName}` }}
        />
      )}
    </div>
  )
}
