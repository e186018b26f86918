import { API } from '../../api/client'
import { apiDownload } from '../../api/transport'
import { fileNameOf, saveFile } from '../../ui/save-file'

/** A certificate's PDF (online: it needs the staff token, so not a plain link). */
export async function downloadCertificate(org: string, certificate: { id: string; code: string }) {
  const { blob, headers } = await apiDownload(API.trainings.downloadCertificate, {
    params: { org, id: certificate.id },
  })
  saveFile(blob, fileNameOf(headers, `certificate-${certificate.code}.pdf`))
}
