import { API } from '../../../api/client'
import { apiDownload } from '../../../api/transport'
import { fileNameOf, saveFile } from '../../../ui/save-file'

/* The global admin's files: they need the admin's token, so they are fetched, not linked. */

/** Everything of the organisation as JSON (before deleting it). */
export async function downloadExport(id: string, slug: string) {
  const { blob, headers } = await apiDownload(API.globalOrganisations.exportData, { as: 'globalAdmin', params: { id } })
  saveFile(blob, fileNameOf(headers, `${slug}.json`))
}

export async function downloadInvoice(id: string, invoiceId: string, number: string) {
  const { blob, headers } = await apiDownload(API.globalOrganisations.downloadInvoice, {
    as: 'globalAdmin',
    params: { id, invoiceId },
  })
  saveFile(blob, fileNameOf(headers, `${number}.pdf`))
}
