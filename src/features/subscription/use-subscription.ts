import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { Payment, SubscriptionOption } from '../../../contract/subscriptions'
import { subscriptions } from '../../../contract/endpoints/subscriptions'
import { invalidateEndpoints, onlineState, useApiQuery } from '../../api/query'
import { formatMoney } from '../../ui/format'
import { useOnline } from '../app/use-online'
import { useEmployeeSession } from '../auth/session'

/*
 * Billing is online-only (ARCHITECTURE.md): the server decides prices, VAT and payments, nothing
 * is kept on the device or queued. Offline the screens say they need a connection
 * (onlineState → 'offline') and ask nothing.
 */

/** The signed-in employee's organisation (billing is per organisation, not per branch). */
export function useOrgId(): string | null {
  return useEmployeeSession()?.employee.organisationId ?? null
}

/** The input of an organisation's billing call, null (wait) offline or before sign-in. */
function useOrgInput() {
  const org = useOrgId()
  const online = useOnline()
  return { org, online, input: org && online ? { params: { org } } : null }
}

/** `GET …/subscriptions`, the next payment and the plans (for their names), for the subscription screen. */
export function useSubscriptionOverview() {
  const { online, input } = useOrgInput()
  const overview = useApiQuery(subscriptions.overview, input)
  const next = useApiQuery(subscriptions.nextPayment, input)
  const options = useApiQuery(subscriptions.options, online ? {} : null)
  return {
    state: onlineState(overview, online),
    nextPayment: next.data,
    options: options.data ?? [],
    retry: () => {
      void overview.refetch()
      void next.refetch()
      void options.refetch()
    },
  }
}

/** `GET …/initialize-subscription-options`: the plans with this organisation's policy and prices. */
export function useOptionsInit() {
  const { online, input } = useOrgInput()
  const q = useApiQuery(subscriptions.initializeOptions, input)
  return { state: onlineState(q, online), retry: () => void q.refetch() }
}

/** `GET …/subscriptions/payments`, newest first as the server lists them. */
export function usePayments() {
  const { online, input } = useOrgInput()
  const q = useApiQuery(subscriptions.payments, input)
  return { state: onlineState(q, online), retry: () => void q.refetch() }
}

/** A payment paid or failed changes everything billing shows: asked again where shown. */
export const refreshBilling = () =>
  invalidateEndpoints(
    subscriptions.overview,
    subscriptions.nextPayment,
    subscriptions.access,
    subscriptions.payments,
    subscriptions.initializeOptions,
  )

/** Cents as euros in the reader's language. */
export function useMoney() {
  const { t } = useTranslation()
  const locale = t('common.locale')
  return useCallback((cents: number) => formatMoney(cents, locale), [locale])
}

/** A plan's name in the reader's language (the plans carry nl and en). */
export function usePlanName() {
  const { i18n } = useTranslation()
  const lang = i18n.language === 'en' ? 'en' : 'nl'
  return useCallback((option: Pick<SubscriptionOption, 'name'> | undefined) => option?.name[lang] ?? '', [lang])
}

/**
 * A payment's name in the reader's language: the plan and period it paid for, from the plans'
 * own names (the server's `name` is in the organisation's invoice language, as on the invoice).
 * Other kinds of payment keep the server's name.
 */
export function usePaymentName() {
  const { t } = useTranslation()
  const { online } = useOrgInput()
  const planName = usePlanName()
  const options = useApiQuery(subscriptions.options, online ? {} : null).data
  return useCallback(
    (p: Pick<Payment, 'kind' | 'name' | 'optionId' | 'period'>) => {
      const option = (p.kind === 'subscription' || p.kind === 'renewal') && options?.find((o) => o.id === p.optionId)
      return option && p.period ? t(`subscription.paymentName.${p.period}`, { plan: planName(option) }) : p.name
    },
    [options, planName, t],
  )
}

/** A VAT rate in basis points as the reader writes a percentage ("21%", "0%"). */
export function useVatRate() {
  const { t } = useTranslation()
  const locale = t('common.locale')
  return useCallback(
    (basisPoints: number) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10000),
    [locale],
  )
}
