import type { HardDeleteResult } from '../../../contract/customers'
import { customers } from '../../../contract/endpoints/customers'
import { apiCall, apiDownload } from '../../api/transport'
import type { Replica } from '../sync/replica-context'
import { fileNameOf, saveFile } from '../../ui/save-file'

/*
 * The online-only parts of issue 10's delete and export: the hard delete (irreversible, decided
 * by the server at once) and the two downloads the server builds. Soft delete, restore and
 * add-to-branch go through the replica and the outbox instead (local-db/customer-bulk.ts).
 */

export const hardDeleteCustomer = (replica: Replica, id: string): Promise<HardDeleteResult> =>
  apiCall(customers.hardDelete, { params: { org: replica.orgId, id } })

/** The customer list of the current filter as CSV (online; the server adds the custom fields). */
export async function downloadCustomersCsv(
  replica: Replica,
  filter: { search?: string; includeDeleted?: boolean },
): Promise<void> {
  const { blob, headers } = await apiDownload(customers.exportCsv, {
    params: { org: replica.orgId },
    query: {
      salonId: replica.salonId,
      search: filter.search || undefined,
      includeDeleted: filter.includeDeleted ? 'true' : 'false',
    },
  })
  saveFile(blob, fileNameOf(headers, 'customer-list.csv'))
}

/** One customer's GDPR export (ZIP). */
export async function downloadCustomerData(replica: Replica, id: string): Promise<void> {
  const { blob, headers } = await apiDownload(customers.exportGdpr, {
    params: { org: replica.orgId, id },
  })
  saveFile(blob, fileNameOf(headers, 'customer.zip'))
}
