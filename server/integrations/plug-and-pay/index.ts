import { z } from 'zod'
import type { Config } from '../../config'

/*
 * Plug&Pay's API, the part the new-organisation webhook needs (research §5): its webhooks V2
 * carry only an event (`trigger_type`, `triggerable_id`, …), so the order is fetched with our
 * API token — which also proves the event: a forged call cannot make Plug&Pay answer a paid order.
 * `GET {base}/v2/orders/{id}?include=billing,items,payment` answers the order, in `data` (the
 * SDK reads both the wrapped and the bare form, so do we).
 */

/** The order, the parts we read; Plug&Pay sends more, and ids as numbers or strings. */
const zId = z.union([z.string(), z.number()]).transform(String)
const zText = z
  .string()
  .nullish()
  .transform((v) => v?.trim() || null)

export const ZPlugAndPayOrder = z.object({
  id: zId,
  billing: z
    .object({
      contact: z
        .object({
          email: zText,
          firstname: zText,
          lastname: zText,
          company: zText,
          telephone: zText,
          vat_id_number: zText,
        })
        .nullish(),
      address: z.object({ street: zText, street_suffix: zText, zipcode: zText, city: zText, country: zText }).nullish(),
    })
    .nullish(),
  items: z.array(z.object({ product_id: zId.nullish() })).nullish(),
  payment: z.object({ status: z.string().nullish() }).nullish(),
})
export type PlugAndPayOrder = z.infer<typeof ZPlugAndPayOrder>

/** Plug&Pay gave no usable answer (unreachable, a time-out, a 5xx, a reply we cannot read): try again later. */
export class PlugAndPayUnavailable extends Error {}

export type PlugAndPay = {
  /** The order, or null when Plug&Pay does not know it (404). Throws PlugAndPayUnavailable otherwise. */
  order(id: string): Promise<PlugAndPayOrder | null>
}

/** How long we wait for Plug&Pay: its webhook call waits on us meanwhile. */
export const PLUG_AND_PAY_TIMEOUT_MS = 10_000

export function createPlugAndPay(
  config: Pick<Config, 'plugAndPayApiUrl' | 'plugAndPayApiToken'>,
  opts: { timeoutMs?: number } = {},
): PlugAndPay {
  return {
    async order(id) {
      let res: Response
      try {
        res = await fetch(
          `${config.plugAndPayApiUrl}/v2/orders/${encodeURIComponent(id)}?include=billing,items,payment`,
          {
            headers: { authorization: `Bearer ${config.plugAndPayApiToken ?? ''}`, accept: 'application/json' },
            signal: AbortSignal.timeout(opts.timeoutMs ?? PLUG_AND_PAY_TIMEOUT_MS),
          },
        )
      } catch (err) {
        throw new PlugAndPayUnavailable(`Plug&Pay unreachable: ${(err as Error).message}`)
      }
      const text = await res.text()
      if (res.status === 404) return null
      // 401/403 (a wrong token) is ours to fix, not the order's: retrying after the fix works.
      if (!res.ok) throw new PlugAndPayUnavailable(`Plug&Pay ${res.status}: ${text.slice(0, 200)}`)
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        throw new PlugAndPayUnavailable(`Plug&Pay ${res.status}: not JSON`)
      }
      const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
      const parsed = ZPlugAndPayOrder.safeParse(data)
      if (!parsed.success) throw new PlugAndPayUnavailable('Plug&Pay: an order we cannot read')
      return parsed.data
    },
  }
}
