import { Link } from '@tanstack/react-router'
import { CreditCard, Receipt } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { API } from '../../api/client'
import { useApiMutation } from '../../api/query'
import { Button, ConfirmDialog, EmptyState, formatDate, notify, PageHeader, useApiErrorMessage } from '../../ui'
import { useCan } from '../auth/use-can'
import { BillingAnswer, primaryLink, secondaryLink } from './billing-states'
import { CurrentPlan } from './current-plan'
import { PlanFeatures, PlanUsage } from './plan-usage'
import { PAYMENTS_PATH, PLANS_PATH } from './paths'
import { refreshBilling, useOrgId, useSubscriptionOverview } from './use-subscription'

/**
 * `/{slug}/admin/subscription` (subscription.read): the current plan and its state, the next
 * payment, usage against the plan's limits and its features. Those who may manage it change the
 * plan or cancel. Online only.
 */
export function SubscriptionPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const mayManage = useCan('subscription.manage')
  const org = useOrgId()
  const { state, nextPayment, options, retry } = useSubscriptionOverview()
  const [confirming, setConfirming] = useState(false)
  const errorText = useApiErrorMessage()
  const cancel = useApiMutation(API.subscriptions.cancel, {
    onSuccess: (s) => {
      setConfirming(false)
      notify({ type: 'success', message: t('subscription.cancel.done', { date: formatDate(s.validTo) }) })
      void refreshBilling()
    },
    onError: (err) => notify({ type: 'error', message: errorText(err) }),
  })
  const current = state.status === 'ready' ? state.data.current : null
  const mayCancel = mayManage && !!current && !current.trial && current.status === 'active'

  return (
    <div className="mx-auto w-full max-w-4xl pb-10">
      <PageHeader
        title={t('subscription.title')}
        description={t('subscription.description')}
        actions={
          state.status === 'ready' && (
            <>
              <Link to={PAYMENTS_PATH} params={{ slug }} className={secondaryLink}>
                <Receipt aria-hidden className="size-4" /> {t('subscription.payments.title')}
              </Link>
              {mayManage && (
                <Link to={PLANS_PATH} params={{ slug }} className={primaryLink} data-testid="change-plan">
                  {current ? t('subscription.changePlan') : t('subscription.choosePlan')}
                </Link>
              )}
            </>
          )
        }
      />
      <BillingAnswer state={state} retry={retry} blocks={3}>
        {(overview) => (
          <div className="flex flex-col gap-6">
            {current ? (
              <CurrentPlan
                slug={slug}
                subscription={current}
                options={options}
                nextPayment={nextPayment ?? null}
                payNextTerm={overview.payNextTerm}
                mayManage={mayManage}
                cancelButton={
                  mayCancel && (
                    <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
                      {t('subscription.cancel.button')}
                    </Button>
                  )
                }
              />
            ) : (
              <EmptyState
                icon={<CreditCard aria-hidden className="size-6" />}
                title={t('subscription.none.title')}
                invite={{
                  allowed: mayManage,
                  description: t('subscription.none.text'),
                  readOnly: t('subscription.none.readOnly'),
                  action: (
                    <Link to={PLANS_PATH} params={{ slug }} className={primaryLink}>
                      {t('subscription.choosePlan')}
                    </Link>
                  ),
                }}
              />
            )}
            <PlanUsage usage={overview.usage} limits={overview.limits} />
            <PlanFeatures features={overview.features} />
          </div>
        )}
      </BillingAnswer>
      <ConfirmDialog
        open={confirming && !!current}
        title={t('subscription.cancel.title')}
        message={t('subscription.cancel.message', { date: formatDate(current?.validTo) })}
        confirmLabel={t('subscription.cancel.confirm')}
        cancelLabel={t('subscription.cancel.keep')}
        danger
        loading={cancel.isPending}
        onConfirm={() => org && cancel.mutate({ params: { org } })}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
