import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { DocumentVersion } from '../../../../contract/documents'
import { Badge, formatDateTime, Skeleton, Truncated } from '../../../ui'

/**
 * A document's versions, newest first, read-only (issue 12): what a customer saw is always one
 * of these, named by its number and the SHA-256 of its content (shortened; the full hash in the
 * title and for screen readers).
 */
export function VersionHistory({
  versions,
  currentVersionId,
}: {
  versions: DocumentVersion[] | undefined
  currentVersionId: string
}) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-3" aria-labelledby="document-history-title" data-testid="version-history">
      <h3 id="document-history-title" className="flex items-center gap-2 font-display text-lg text-ink">
        <History aria-hidden className="size-5 text-muted" /> {t('documents-admin.history')}
      </h3>
      {versions === undefined ? (
        <Skeleton className="h-16 w-full" />
      ) : (
        <ol className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
          {versions.map((v) => (
            <li key={v.id} className="flex flex-col gap-1 px-4 py-3 text-sm" data-testid="version-row">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{t('documents-admin.versionN', { number: v.number })}</span>
                {v.id === currentVersionId && <Badge tone="primary">{t('documents-admin.current')}</Badge>}
                <span className="text-muted">{formatDateTime(v.createdAt)}</span>
              </p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
                <Truncated className="min-w-0" text={v.name} />
                {v.createdByName && <span>{t('documents-admin.by', { name: v.createdByName })}</span>}
                <code
                  className="rounded bg-canvas px-1.5 py-0.5 font-mono text-xs text-ink-soft"
                  title={v.contentHash}
                  data-testid="version-hash"
                >
                  <span aria-hidden>SHA-256 {v.contentHash.slice(0, 12)}…</span>
                  <span className="sr-only">{t('documents-admin.hashLabel', { hash: v.contentHash })}</span>
                </code>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
