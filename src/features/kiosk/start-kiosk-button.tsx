import { useNavigate } from '@tanstack/react-router'
import { TabletSmartphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { useEmployeeSession } from '../auth/session'
import { useScreenAccess } from '../shell/use-screen-access'

/** "Start kiosk" for one customer (customer drawer): the kiosk start with this customer chosen. */
export function StartKioskButton({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const session = useEmployeeSession()
  const mayUse = useScreenAccess()
  if (!session || !mayUse('/$slug/admin/kiosk')) return null
  return (
    <Button
      variant="ghost"
      className="mr-auto"
      onClick={() =>
        void navigate({
          to: '/$slug/admin/kiosk',
          params: { slug: session.employee.organisationSlug },
          search: { customer: customerId },
        })
      }
    >
      <TabletSmartphone aria-hidden className="size-4" /> {t('kiosk.startKiosk')}
    </Button>
  )
}
