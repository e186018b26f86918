import { whatsappCredits } from '../../../contract/endpoints/whatsapp-credits'
import { invalidateEndpoints, onlineState, useApiQuery } from '../../api/query'
import { useOnline } from '../app/use-online'
import { useCan } from '../auth/use-can'
import { useOrgId } from '../subscription/use-subscription'

/* WhatsApp credits are billing: online-only, nothing kept on the device (subscription/use-subscription.ts). */

function useOrgInput() {
  const org = useOrgId()
  const online = useOnline()
  return { online, input: org && online ? { params: { org } } : null }
}

/** `GET …/initialize-whatsapp-options`: balance, maximum and the bundles with their prices. */
export function useCreditOptions() {
  const { online, input } = useOrgInput()
  const q = useApiQuery(whatsappCredits.initializeOptions, input)
  return { state: onlineState(q, online), retry: () => void q.refetch() }
}

/** `GET …/whatsapp-credits/transactions`: purchases, sends and refunds, newest first. */
export function useCreditTransactions() {
  const { online, input } = useOrgInput()
  const q = useApiQuery(whatsappCredits.transactions, input)
  return { state: onlineState(q, online), retry: () => void q.refetch() }
}

/**
 * `GET …/whatsapp-credits/balance` for every employee (the send dialogs, the banner); undefined
 * offline or before the answer: then nothing is claimed about credits and the server decides.
 */
export function useCreditBalance(enabled = true) {
  const { input } = useOrgInput()
  const may = useCan('subscription.access')
  return useApiQuery(whatsappCredits.balance, enabled && may ? input : null).data
}

/** A paid purchase or a send changes the balance and the history: asked again where shown. */
export const refreshCredits = () =>
  invalidateEndpoints(whatsappCredits.balance, whatsappCredits.initializeOptions, whatsappCredits.transactions)
