import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { SubscriptionAccess } from '../../../contract/subscriptions'
import { subscriptions } from '../../../contract/endpoints/subscriptions'
import { useApiQuery } from '../../api/query'
import { setUpgradeTarget } from '../../ui/upgrade-link'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useOrgId } from './use-subscription'
import { PLANS_PATH } from './paths'

/*
 * What every employee needs to know about the subscription (read-only or not, the plan's
 * features), from `GET …/subscriptions/access`. The last answer is kept per organisation on this
 * device, so the expired notice and the upgrade prompts still show offline.
 */
const keyOf = (org: string) => `subscription-access:${org}`

function kept(org: string | null): SubscriptionAccess | undefined {
  if (!org) return undefined
  try {
    return (JSON.parse(localStorage.getItem(keyOf(org)) ?? 'null') as SubscriptionAccess | null) ?? undefined
  } catch {
    return undefined
  }
}

/** The organisation's access (the server's answer, or the kept one offline); null when never known. */
export function useSubscriptionAccess(): SubscriptionAccess | null {
  const org = useOrgId()
  const online = useOnline()
  const q = useApiQuery(subscriptions.access, org ? { params: { org } } : null, {
    enabled: online,
    initialData: () => kept(org),
    // The kept copy is from an earlier visit: shown at once, asked again at once.
    initialDataUpdatedAt: 0,
    onData: (access) => {
      if (org) localStorage.setItem(keyOf(org), JSON.stringify(access))
    },
    // A salon tablet stays open for days: a subscription that ends meanwhile shows within minutes.
    refetchInterval: 10 * 60_000,
  })
  return q.data ?? kept(org) ?? null
}

/**
 * The staff shell tells the error display where the plan screen is (the "Upgrade your
 * subscription" link after a limit or expired refusal), for those who may buy.
 */
export function useUpgradeTarget(slug: string) {
  const router = useRouter()
  const mayBuy = useCan('subscription.manage')
  useEffect(() => {
    if (!mayBuy) return
    const href = router.buildLocation({ to: PLANS_PATH, params: { slug } }).href
    setUpgradeTarget({ href, go: () => void router.navigate({ to: PLANS_PATH, params: { slug } }) })
    return () => setUpgradeTarget(null)
  }, [router, mayBuy, slug])
}
