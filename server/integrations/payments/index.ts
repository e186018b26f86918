import type { Config } from '../../config'
import { createMolliePayments } from './mollie'
import type { PaymentProvider } from './port'
import { createSandboxPayments, type SandboxPayments } from './sandbox'

/**
 * The provider the app uses: Mollie when MOLLIE_API_KEY is set, else the in-process sandbox whose
 * checkout page is ours (`<PUBLIC_URL>/dev/checkout/<id>`) and whose webhooks reach us at
 * PUBLIC_URL, so `npm start` can buy a subscription end to end without any account.
 */
export function createPayments(
  config: Pick<Config, 'mollieApiKey' | 'mollieApiEndpoint' | 'publicUrl'>,
  /** Where the sandbox keeps its payments across restarts (`npm start`); tests keep them in memory. */
  sandboxFile?: string,
): PaymentProvider {
  if (config.mollieApiKey)
    return createMolliePayments({ apiKey: config.mollieApiKey, apiEndpoint: config.mollieApiEndpoint })
  return createSandboxPayments({ baseUrl: config.publicUrl, file: sandboxFile })
}

/** The sandbox (it has the checkout page's `choose`), as opposed to a real provider. */
export const isSandbox = (p: PaymentProvider): p is SandboxPayments =>
  typeof (p as Partial<SandboxPayments>).choose === 'function'
