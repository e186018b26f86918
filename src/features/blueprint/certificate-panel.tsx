import { Award, Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCertificateCode } from '../../../contract/trainings'
import { Button, formatDate, notify, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { downloadCertificate } from '../certificates/download-certificate'
import { useReplica } from '../sync/replica-context'
import { useCertificate } from './use-blueprint'

/**
 * A completed course's certificate (issue 24) on its page: issued by the server when the last
 * completion reaches it, so right after finishing offline it says it follows at the next sync.
 * The PDF downloads online; offline the button says it needs a connection.
 */
export function CertificatePanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const certificate = useCertificate(courseId)
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  if (certificate === undefined) return null
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-primary-lighter px-3 py-3" data-testid="certificate-panel">
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <Award aria-hidden className="size-4 shrink-0 text-primary-dark" />
        {certificate ? t('blueprint.certificate.issued') : t('blueprint.certificate.pending')}
      </p>
      {certificate && (
        <>
          <p className="flex flex-wrap gap-x-3 text-xs text-muted">
            <span>{t('blueprint.certificate.issuedOn', { date: formatDate(certificate.issuedAt) })}</span>
            {/* The code never breaks in the middle: it is read off and typed as one. */}
            <span className="whitespace-nowrap">
              {t('blueprint.certificate.code', { code: formatCertificateCode(certificate.code) })}
            </span>
          </p>
          <Button
            variant="secondary"
            loading={busy}
            disabled={!online}
            title={online ? undefined : t('blueprint.certificate.needsConnection')}
            onClick={async () => {
              if (!replica) return
              setBusy(true)
              try {
                await downloadCertificate(replica.orgId, certificate)
              } catch (err) {
                notify({ type: 'error', message: errorText(err) })
              } finally {
                setBusy(false)
              }
            }}
          >
            <Download aria-hidden className="size-4" />
            {t('blueprint.certificate.download')}
          </Button>
          {!online && <p className="text-xs text-muted">{t('blueprint.certificate.needsConnection')}</p>}
        </>
      )}
    </div>
  )
}
