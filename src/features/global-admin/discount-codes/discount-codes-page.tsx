import { ListChecks, Pencil, Plus, TicketPercent } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminDiscountCode } from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, EmptyState, PageHeader } from '../../../ui'
import { GlobalAnswer } from '../global-states'
import { CodeActions } from './code-actions'
import { DiscountCodeDrawer } from './discount-code-drawer'
import { DiscountCodeRow } from './discount-code-row'
import { RedemptionsDialog } from './redemptions-dialog'

/**
 * The platform's discount codes (issue 23, research §7 C1): newest first, made and edited in a
 * drawer, deactivated or (never used) deleted, and per code who used it.
 */
export function DiscountCodesPage() {
  const { t } = useTranslation()
  const query = useApiQuery(API.globalDiscountCodes.list, { as: 'globalAdmin' })
  const [drawer, setDrawer] = useState<{ open: boolean; code: AdminDiscountCode | null }>({ open: false, code: null })
  // The code stays while the dialog closes (its title does not blink empty).
  const [redemptions, setRedemptions] = useState<{ open: boolean; code: AdminDiscountCode | null }>({
    open: false,
    code: null,
  })
  const add = (
    <Button onClick={() => setDrawer({ open: true, code: null })} data-testid="discount-add">
      <Plus aria-hidden className="size-4" />
      {t('global-discount-codes.add')}
    </Button>
  )
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('global-discount-codes.title')}
        description={t('global-discount-codes.description')}
        actions={add}
      />
      <GlobalAnswer query={query}>
        {(codes) =>
          codes.length === 0 ? (
            <EmptyState
              icon={<TicketPercent aria-hidden className="size-6" />}
              title={t('global-discount-codes.emptyTitle')}
              description={t('global-discount-codes.emptyText')}
              action={add}
            />
          ) : (
            <ul
              className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
              aria-label={t('global-discount-codes.list')}
              data-testid="discount-code-list"
            >
              {codes.map((c) => (
                <DiscountCodeRow
                  key={c.id}
                  code={c}
                  actions={
                    <>
                      <Button variant="secondary" onClick={() => setDrawer({ open: true, code: c })}>
                        <Pencil aria-hidden className="size-4" />
                        {t('global-discount-codes.edit')}
                      </Button>
                      <Button variant="secondary" onClick={() => setRedemptions({ open: true, code: c })}>
                        <ListChecks aria-hidden className="size-4" />
                        {t('global-discount-codes.redemptions')}
                      </Button>
                      <CodeActions code={c} />
                    </>
                  }
                />
              ))}
            </ul>
          )
        }
      </GlobalAnswer>
      <DiscountCodeDrawer
        open={drawer.open}
        code={drawer.code}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
      <RedemptionsDialog
        open={redemptions.open}
        code={redemptions.code}
        onClose={() => setRedemptions((r) => ({ ...r, open: false }))}
      />
    </div>
  )
}
