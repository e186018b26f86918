import { AlertCircle, Eye, FileCheck2, FilePlus2, FileText, Pencil } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DOCUMENT_KINDS, type DocumentKind } from '../../../../contract/documents'
import { Badge, Button, cx, SelectField, Truncated } from '../../../ui'
import { ListPage } from '../../../ui/list-page'
import { useOnline } from '../../app/use-online'
import { UpgradePrompt, useHasFeature } from '../../subscription/upgrade-prompt'
import { useSyncStatus } from '../../sync/use-sync-status'
import { ChainStatus } from '../evidence/chain-status'
import { DocumentDrawer } from './document-drawer'
import { type DocumentRow, useCanManageDocuments, useDocuments } from './use-documents'

const KIND_ICON = { consentForm: FileCheck2, document: FileText, pdfDocument: FileText } as const

/**
 * Documents and consent forms (issue 12; spec manageDocuments): the organisation's documents with
 * their kind, current version and how many customers they were sent to, saw, accepted or
 * declined. Read from the replica (offline too, counts need the server); created and changed
 * online, each change of content a new version.
 */
export function DocumentsPage() {
  const { t } = useTranslation()
  const { rows, failed, reload } = useDocuments()
  const online = useOnline()
  const canManage = useCanManageDocuments()
  const inPlan = useHasFeature('documents')
  const neverSynced = useSyncStatus().lastSyncAt === null
  const [kind, setKind] = useState<DocumentKind | ''>('')
  const [showArchived, setShowArchived] = useState(false)
  const [drawer, setDrawer] = useState<{ open: boolean; id: string | null }>({ open: false, id: null })
  const mayEdit = canManage && online
  const open = drawer.id ? (rows?.find((r) => r.id === drawer.id) ?? null) : null
  const archivedCount = rows?.filter((r) => r.archived).length ?? 0
  const shown = (rows ?? []).filter((r) => (!kind || r.kind === kind) && (showArchived || !r.archived))

  return (
    <ListPage
      title={t('documents-admin.title')}
      description={!canManage && inPlan ? t('documents-admin.readOnly') : t('documents-admin.description')}
      add={{
        label: t('documents-admin.add'),
        onClick: () => setDrawer({ open: true, id: null }),
        allowed: canManage,
        online,
        needsConnection: t('documents-admin.needsConnection'),
      }}
      items={rows}
      shown={shown}
      loadingLabel={t('common.loading')}
      empty={{
        icon: <FilePlus2 aria-hidden className="size-6" />,
        title: t('documents-admin.emptyTitle'),
        description: neverSynced && !online ? t('documents-admin.notLoadedYet') : t('documents-admin.emptyText'),
        readOnly: neverSynced && !online ? t('documents-admin.notLoadedYet') : t('documents-admin.emptyReadOnly'),
      }}
      noMatch={{
        icon: <FileText aria-hidden className="size-6" />,
        title: t('documents-admin.noMatchTitle'),
        description: t('documents-admin.noMatchText'),
        action: (
          <Button
            variant="secondary"
            onClick={() => {
              setKind('')
              setShowArchived(true)
            }}
          >
            {t('documents-admin.clearFilters')}
          </Button>
        ),
      }}
      before={
        <>
          {/* Issue 22: outside the plan the documents and consents stay readable; new ones are an upgrade away. */}
          {!inPlan && (
            <div className="mb-4">
              <UpgradePrompt feature="documents" />
            </div>
          )}
          {!online && (
            <p
              className="mb-4 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink"
              role="status"
              data-testid="documents-offline"
            >
              {t('documents-admin.offlineNotice')}
            </p>
          )}
          {failed && online && (
            <p className="mb-4 flex items-center gap-2 text-sm text-[#a23b35]" role="alert">
              <AlertCircle aria-hidden className="size-4" /> {t('documents-admin.countsFailed')}
              <button type="button" className="min-h-11 px-2 underline" onClick={reload}>
                {t('documents-admin.retry')}
              </button>
            </p>
          )}
          <div className="mb-5 flex flex-wrap items-end gap-3">
            <div className="w-full sm:w-60">
              <SelectField
                label={t('documents-admin.filterKind')}
                value={kind}
                onChange={(e) => setKind(e.target.value as DocumentKind | '')}
                options={[
                  { value: '', label: t('documents-admin.allKinds') },
                  ...DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`documents-admin.kinds.${k}`) })),
                ]}
              />
            </div>
            <label className="flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm text-ink">
              <input
                type="checkbox"
                className="size-5 accent-[var(--color-primary-dark)]"
                checked={showArchived}
                onChange={(e) => setShowArchived(e.target.checked)}
              />
              {t('documents-admin.showArchived', { count: archivedCount })}
            </label>
          </div>
        </>
      }
      after={
        <>
          {/* The owner sees whether the consent evidence chain holds (issue 12). */}
          <div className="mt-8">
            <ChainStatus />
          </div>
          <DocumentDrawer
            open={drawer.open}
            document={open}
            onSaved={reload}
            onClose={() => setDrawer((d) => ({ ...d, open: false }))}
          />
        </>
      }
    >
      {(shown) => (
        <ul className="flex flex-col gap-3" data-testid="document-list">
          {shown.map((d) => (
            <DocumentItem key={d.id} doc={d} editable={mayEdit} onOpen={() => setDrawer({ open: true, id: d.id })} />
          ))}
        </ul>
      )}
    </ListPage>
  )
}

function DocumentItem({ doc, editable, onOpen }: { doc: DocumentRow; editable: boolean; onOpen: () => void }) {
  const { t } = useTranslation()
  const Icon = KIND_ICON[doc.kind]
  const c = doc.counts
  const stats = c
    ? [
        { key: 'sent', value: c.sent },
        { key: 'seen', value: c.seen },
        ...(doc.kind === 'consentForm'
          ? [
              { key: 'accepted', value: c.accepted },
              { key: 'declined', value: c.declined },
            ]
          : []),
      ]
    : null
  return (
    <li
      data-testid="document-row"
      data-document-name={doc.name}
      className={cx(
        'flex items-center gap-3 rounded-2xl border border-line bg-white px-3 py-3 shadow-[0_1px_2px_rgba(43,38,35,0.04)] sm:px-5',
        doc.archived && 'opacity-75',
      )}
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark sm:inline-flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-11 min-w-0 flex-1 flex-col items-start gap-1 rounded-lg px-1 text-left hover:bg-primary-lighter"
      >
        <Truncated className="w-full font-medium text-ink" text={doc.name} />
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <Badge tone={doc.kind === 'consentForm' ? 'primary' : 'neutral'}>
            {t(`documents-admin.kinds.${doc.kind}`)}
          </Badge>
          <span data-testid="document-version">
            {t('documents-admin.versionOf', { number: doc.currentVersionNumber, count: doc.versionsCount })}
          </span>
          {doc.archived && <Badge tone="warning">{t('documents-admin.archived')}</Badge>}
        </span>
        {stats ? (
          <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-soft" data-testid="document-counts">
            {stats.map((s) => (
              <span key={s.key}>
                <span className="font-medium text-ink tabular-nums">{s.value}</span>{' '}
                {t(`documents-admin.counts.${s.key}`)}
              </span>
            ))}
          </span>
        ) : (
          <span className="text-xs text-muted">{t('documents-admin.countsOffline')}</span>
        )}
      </button>
      <Button
        variant="ghost"
        onClick={onOpen}
        aria-label={t(editable ? 'documents-admin.editNamed' : 'documents-admin.viewNamed', { name: doc.name })}
      >
        {editable ? <Pencil aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        <span className="hidden sm:inline">{editable ? t('common.edit') : t('documents-admin.view')}</span>
      </Button>
    </li>
  )
}
