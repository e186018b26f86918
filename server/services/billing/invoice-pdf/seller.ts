import type { InvoiceParty } from '../../../../contract/subscriptions'
import type { Config } from '../../../config'

/** We, the seller on every invoice, from INVOICE_SELLER_* (research §2.2: name, address, btw-id, KvK). */
export function sellerFromConfig(
  config: Pick<
    Config,
    | 'invoiceSellerName'
    | 'invoiceSellerAddress'
    | 'invoiceSellerCountry'
    | 'invoiceSellerVatNumber'
    | 'invoiceSellerKvk'
  >,
): InvoiceParty {
  return {
    name: config.invoiceSellerName,
    addressLines: [...config.invoiceSellerAddress],
    country: config.invoiceSellerCountry,
    vatNumber: config.invoiceSellerVatNumber,
    chamberOfCommerce: config.invoiceSellerKvk,
  }
}
