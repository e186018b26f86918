import { Layers, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminSubscriptionOption } from '../../../../contract/global-billing'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, EmptyState, PageHeader } from '../../../ui'
import { GlobalAnswer } from '../global-states'
import { PlanActiveButton } from './plan-active'
import { PlanDrawer } from './plan-drawer'
import { PlanRow } from './plan-row'

/**
 * Every plan of the platform (issue 23), active and inactive, in rank order: made and edited in
 * a drawer; deactivated (no longer sold; subscriptions on it keep renewing) from its row.
 */
export function PlansPage() {
  const { t } = useTranslation()
  const query = useApiQuery(API.globalSubscriptions.allOptions, { as: 'globalAdmin' })
  const [drawer, setDrawer] = useState<{ open: boolean; plan: AdminSubscriptionOption | null }>({
    open: false,
    plan: null,
  })
  const plans = query.data ? [...query.data].sort((a, b) => a.rank - b.rank) : []
  const nextRank = plans.length ? plans[plans.length - 1].rank + 10 : 10
  const add = (
    <Button onClick={() => setDrawer({ open: true, plan: null })} data-testid="plan-add">
      <Plus aria-hidden className="size-4" />
      {t('global-plans.add')}
    </Button>
  )
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('global-plans.title')} description={t('global-plans.description')} actions={add} />
      <p className="mb-4 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">{t('global-plans.priceNote')}</p>
      <GlobalAnswer query={query}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState
              icon={<Layers aria-hidden className="size-6" />}
              title={t('global-plans.emptyTitle')}
              description={t('global-plans.emptyText')}
              action={add}
            />
          ) : (
            <ul
              className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
              aria-label={t('global-plans.list')}
              data-testid="plan-list"
            >
              {plans.map((p) => (
                <PlanRow
                  key={p.id}
                  plan={p}
                  actions={
                    <>
                      <Button variant="secondary" onClick={() => setDrawer({ open: true, plan: p })}>
                        <Pencil aria-hidden className="size-4" />
                        {t('global-plans.edit')}
                      </Button>
                      <PlanActiveButton plan={p} />
                    </>
                  }
                />
              ))}
            </ul>
          )
        }
      </GlobalAnswer>
      <PlanDrawer
        open={drawer.open}
        plan={drawer.plan}
        nextRank={nextRank}
        onClose={() => setDrawer((d) => ({ ...d, open: false }))}
      />
    </div>
  )
}
