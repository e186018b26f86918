import { Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdviceKind } from '../../../../contract/advice'
import { Button, Modal } from '../../../ui'
import { AdviceList } from './advice-list'
import { useCustomerAdvice } from './use-customer-advice'

const CUSTOMER_KINDS: readonly AdviceKind[] = ['customerAdvice']

/**
 * On the kiosk after the customer submitted: "View your advice" — the customer-advice modules
 * their answers now choose, evaluated on the tablet from the replica (offline too: the submission
 * just made is in the replica, unsent). The customer holds the tablet: never employee advice,
 * never a module that does not show, option titles as customers see them.
 */
export function KioskAdviceButton({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const list = useCustomerAdvice(customerId, CUSTOMER_KINDS, 'customer')
  const items = list && list.customerId === customerId ? list.rows.filter((r) => r.shows) : []
  if (items.length === 0) return null
  return (
    <>
      <Button size="lg" variant="secondary" className="min-h-14 w-full" onClick={() => setOpen(true)}>
        <Sparkles aria-hidden className="size-5" />
        {t('advice.kiosk.view')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('advice.kiosk.title')}
        width={720}
        footer={
          <Button size="lg" onClick={() => setOpen(false)}>
            {t('advice.kiosk.close')}
          </Button>
        }
      >
        <div data-testid="kiosk-advice">
          <AdviceList items={items} />
        </div>
      </Modal>
    </>
  )
}
