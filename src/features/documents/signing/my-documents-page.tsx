import { CertificateLink } from '../evidence/certificate-link'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { ArrowLeft, ChevronRight, CircleCheck, CircleX, CloudOff, FileSignature, FileText } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MyDocument } from '../../../../contract/documents/respond'
import { API } from '../../../api/client'
import { keptState, useApiMutation, useApiQuery } from '../../../api/query'
import { Button, EmptyState, FormError, formatDateTime, Skeleton } from '../../../ui'
import { useOnline } from '../../app/use-online'
import type { CustomerSync } from '../../questionnaire-fill/customer-replica'
import { useCustomerPageSync } from '../../customer-area/customer-page-frame'
import { type Answer, DocumentReader } from './document-reader'
import { StatusBadge } from './status-badge'

/** The documents as last fetched, kept in the customer's local database for offline reading. */
type Cached = { documents: MyDocument[]; fetchedAt: string }

const deviceTime = () => new Date().toISOString()

/**
 * The customer's documents: fetched when online and kept (their content too: a document opened
 * once reads offline; the service worker keeps the PDFs), else the last fetched copy.
 */
function useMyDocuments(sync: CustomerSync) {
  const online = useOnline()
  const cached = useLiveQuery(async () => (await sync.db.getMeta<Cached>('customerDocuments')) ?? null, [sync.db])
  const q = useApiQuery(
    API.documentResponses.mine,
    { params: { org: sync.orgId }, as: 'customer' },
    {
      onData: (documents) =>
        sync.db.setMeta('customerDocuments', { documents, fetchedAt: new Date().toISOString() } satisfies Cached),
      retry: false,
    },
  )
  const state = keptState(q, online)
  /** One row changed (seen, answered): the kept copy follows at once. */
  const replace = useCallback(
    async (row: Partial<MyDocument> & { id: string }) => {
      const now = (await sync.db.getMeta<Cached>('customerDocuments')) ?? null
      if (!now) return
      await sync.db.setMeta('customerDocuments', {
        ...now,
        documents: now.documents.map((d) => (d.id === row.id ? { ...d, ...row } : d)),
      } satisfies Cached)
    },
    [sync.db],
  )
  const { refetch } = q
  const reload = useCallback(() => refetch(), [refetch])
  return { cached, state, reload, replace }
}

/** On the customer's landing page: the way to their documents. */
export function DocumentsLink({ slug }: { slug: string }) {
  const { t } = useTranslation()
  return (
    <Link
      to="/$slug/documents"
      params={{ slug }}
      className="flex min-h-14 items-center justify-center gap-2 rounded-xl border border-primary-dark px-6 text-lg font-medium text-primary-dark hover:bg-primary-light"
    >
      <FileSignature aria-hidden className="size-5" />
      {t('document-signing.page.open')}
    </Link>
  )
}

/**
 * `/{slug}/documents`: the signed-in customer's documents and consent forms with their status.
 * Opening one shows it and marks it seen; a consent form is accepted (typed name and a drawn
 * signature) or declined here. Reading works offline with the last fetched copy; answering needs
 * a connection (what was typed stays until it is back).
 */
export function MyDocumentsPage() {
  return <MyDocumentsBody sync={useCustomerPageSync()} />
}

function MyDocumentsBody({ sync }: { sync: CustomerSync }) {
  const { t } = useTranslation()
  const online = useOnline()
  const { cached, state, reload, replace } = useMyDocuments(sync)
  const [openId, setOpenId] = useState<string | null>(null)
  const [answered, setAnswered] = useState<MyDocument | null>(null)
  const topRef = useRef<HTMLDivElement>(null)
  const opened = cached?.documents.find((d) => d.id === openId) ?? null

  const respond = useApiMutation(API.documentResponses.respond, { as: 'customer', onSuccess: (row) => replace(row) })

  const show = (id: string | null) => {
    setOpenId(id)
    setAnswered(null)
    topRef.current?.scrollIntoView({ block: 'start' })
    // Opening a document marks it seen (online; offline it is marked the next time it is opened).
    const doc = cached?.documents.find((d) => d.id === id)
    if (doc?.status === 'notSeen' && online)
      respond.mutate({
        params: { org: sync.orgId, id: doc.customerId, docId: doc.id },
        body: { status: 'seen', deviceTime: deviceTime() },
      })
  }

  const onAnswer = async (a: Answer) => {
    if (!opened) return
    const row = await respond.mutateAsync({
      params: { org: sync.orgId, id: opened.customerId, docId: opened.id },
      body: { ...a, deviceTime: deviceTime() },
    })
    setAnswered({ ...opened, ...row })
    topRef.current?.scrollIntoView({ block: 'start' })
  }

  if (cached === undefined || (state === 'loading' && !cached)) return <Skeleton className="h-40 w-full" />
  if (!cached)
    return (
      <div className="flex flex-col gap-3">
        <FormError text={t('document-signing.page.failed')} />
        <Button variant="secondary" size="lg" onClick={() => void reload()}>
          {t('document-signing.page.retry')}
        </Button>
      </div>
    )
  const time = formatDateTime(cached.fetchedAt)
  const offlineNote =
    state === 'failed' ? (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-2 text-sm text-[#7a5209]">
        <CloudOff aria-hidden className="size-4 shrink-0" />
        {t('document-signing.page.offline', { time })}
      </p>
    ) : null

  if (answered) return <Confirmation doc={answered} onBack={() => show(null)} refTop={topRef} />
  if (opened)
    return (
      <div ref={topRef} className="flex scroll-mt-4 flex-col gap-4">
        <button
          type="button"
          onClick={() => show(null)}
          className="-ml-2 flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-base text-primary-dark hover:bg-primary-light"
        >
          <ArrowLeft aria-hidden className="size-5" />
          {t('document-signing.page.backToList')}
        </button>
        {offlineNote}
        <DocumentReader
          doc={{ ...opened, status: opened.status === 'notSeen' && online ? 'seen' : opened.status }}
          onAnswer={onAnswer}
          offline={!online}
        />
        {opened.evidence && (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted">
              {t(`document-signing.page.answered.${opened.status === 'declined' ? 'declined' : 'accepted'}`, {
                time: formatDateTime(opened.respondedAt ?? opened.evidence.receivedAt),
              })}
            </p>
            {/* The signed PDF with its certificate page (issue 12: downloadable by the customer). */}
            <CertificateLink variant="customer" document={opened} orgId={sync.orgId} />
          </div>
        )}
      </div>
    )

  return (
    <div ref={topRef} className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold text-ink">{t('document-signing.page.title')}</h1>
        <p className="text-base text-muted">{t('document-signing.page.subtitle')}</p>
      </header>
      {offlineNote ?? <p className="text-sm text-muted">{t('document-signing.page.updated', { time })}</p>}
      {cached.documents.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden className="size-6" />}
          title={t('document-signing.page.empty')}
          description={t('document-signing.page.emptyText')}
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('document-signing.page.title')}>
          {cached.documents.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                onClick={() => show(d.id)}
                className="flex min-h-16 w-full items-center gap-3 rounded-xl border border-line bg-white px-4 py-3 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-primary-dark"
              >
                {d.kind === 'consentForm' ? (
                  <FileSignature aria-hidden className="size-5 shrink-0 text-primary-dark" />
                ) : (
                  <FileText aria-hidden className="size-5 shrink-0 text-primary-dark" />
                )}
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="line-clamp-2 font-medium text-ink">{d.name}</span>
                  <span className="text-sm text-muted">
                    {t(`document-signing.kind.${d.kind}`)} · {formatDateTime(d.sentAt)}
                  </span>
                  <span className="sm:hidden">
                    <StatusBadge status={d.status} kind={d.kind} />
                  </span>
                </span>
                <span className="hidden sm:block">
                  <StatusBadge status={d.status} kind={d.kind} />
                </span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Confirmation({
  doc,
  onBack,
  refTop,
}: {
  doc: MyDocument
  onBack: () => void
  refTop: React.RefObject<HTMLDivElement | null>
}) {
  const { t } = useTranslation()
  const accepted = doc.status === 'accepted'
  return (
    <div
      ref={refTop}
      role="status"
      className="flex flex-col items-center gap-4 py-10 text-center"
      data-testid="document-answered"
    >
      <span
        className={
          accepted
            ? 'flex size-16 items-center justify-center rounded-full bg-[#e8f2ea] text-[#33653c]'
            : 'flex size-16 items-center justify-center rounded-full bg-[#f8e7e5] text-[#8f302b]'
        }
      >
        {accepted ? <CircleCheck aria-hidden className="size-8" /> : <CircleX aria-hidden className="size-8" />}
      </span>
      <h1 className="text-3xl font-semibold text-ink">
        {t(accepted ? 'document-signing.done.acceptedTitle' : 'document-signing.done.declinedTitle')}
      </h1>
      <p className="max-w-md text-lg text-ink">
        {t(accepted ? 'document-signing.done.acceptedText' : 'document-signing.done.declinedText', { name: doc.name })}
      </p>
      <StatusBadge status={doc.status} kind={doc.kind} />
      <Button size="lg" variant="secondary" onClick={onBack}>
        {t('document-signing.page.backToList')}
      </Button>
    </div>
  )
}
