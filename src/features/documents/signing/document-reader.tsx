import { Check, CircleX, CloudOff, ExternalLink, FileText, PenLine } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useStorageFile } from '../../../api/query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import type { CustomerDocumentStatus, DocumentKind, DocumentPdf } from '../../../../contract/documents'
import { DECLINE_REASON_MAX, needsAnswer } from '../../../../contract/documents'
import { TYPED_NAME_MAX } from '../../../../contract/documents/respond'
import { ApiError } from '../../../api/client'
import { Button, EntityFormElement, FormError, RadioGroup, TextArea, TextField, useEntityForm } from '../../../ui'
import { StatusBadge } from './status-badge'
import { SignatureField } from './signature-field'
import { TypedStatement } from './typed-statement'

export type ReadableDocument = {
  name: string
  kind: DocumentKind
  versionNumber: number
  text: string | null
  pdf: Pick<DocumentPdf, 'url' | 'name'> | null
  status: CustomerDocumentStatus
}

export type Answer =
  | { status: 'accepted'; signatureMethod: 'drawn'; signature: string; typedName: string }
  /** Issue 21 #23: signed by the typed name with the explicit statement (no drawing). */
  | { status: 'accepted'; signatureMethod: 'typed'; typedStatement: true; typedName: string }
  | { status: 'declined'; reason?: string }

type Props = {
  doc: ReadableDocument
  /** Sends the answer; throws (ApiError) when it could not. */
  onAnswer: (a: Answer) => Promise<void>
  /** No connection and the answer needs one (the customer's own phone): say so, keep what was typed. */
  offline?: boolean
}

/**
 * The PDF through fetch (the service worker keeps it: offline reading), shown from a blob URL —
 * an <object> loads past the service worker, so pointing it at the file would fail offline.
 */
function usePdfBlob(url: string | null) {
  const { data } = useStorageFile(url)
  const [blobUrl, setBlobUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!data) return
    const made = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }))
    setBlobUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [data])
  return data ? blobUrl : null
}

/** The document's content: sanitised rich text from the server, or the PDF (embedded, and a link). */
export function DocumentContent({ doc }: { doc: ReadableDocument }) {
  const { t } = useTranslation()
  const blobUrl = usePdfBlob(doc.pdf?.url ?? null)
  if (doc.pdf)
    return (
      <div className="flex flex-col gap-3">
        <a
          href={doc.pdf.url}
          target="_blank"
          rel="noreferrer"
          className="flex min-h-11 items-center gap-2 self-start rounded-lg px-2 font-medium text-primary-dark underline hover:bg-primary-light"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('document-signing.read.openPdf', { name: doc.pdf.name })}
        </a>
        <object
          data={blobUrl ?? doc.pdf.url}
          type="application/pdf"
          aria-label={doc.name}
          className="h-[60vh] w-full rounded-xl border border-line bg-white"
        >
          <p className="p-4 text-sm text-muted">{t('document-signing.read.pdfFallback')}</p>
        </object>
      </div>
    )
  return (
    <div
      className="rounded-xl border border-line bg-white px-5 py-4 text-base leading-relaxed text-ink [&_a]:text-primary-dark [&_a]:underline [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:mb-3 [&_ol]:list-decimal [&_p]:mb-3 [&_p:last-child]:mb-0 [&_ul]:mb-3 [&_ul]:list-disc"
      data-testid="document-text"
      // The server sanitised this HTML with an allow-list when the version was written.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
      dangerouslySetInnerHTML={{ __html: doc.text ?? '' }}
    />
  )
}

/**
 * The accept form's values: the typed name, and either the drawn signature or (for a person who
 * cannot draw) the ticked statement that the typed name is the signature — checked in `check`.
 */
const ZAcceptForm = z.object({
  typedName: z.string(),
  method: z.enum(['drawn', 'typed']),
  signature: z.string().nullable(),
  typedStatement: z.boolean(),
})
const ZDeclineForm = z.object({ reason: z.string() })

/**
 * Reading a document, and for an open consent form its answer: accept with the typed full name and
 * a drawn signature, or decline with an optional reason. What was typed and drawn stays while a
 * send fails (offline, a refusal) so nothing has to be done again.
 */
export function DocumentReader({ doc, onAnswer, offline }: Props) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'read' | 'accept' | 'decline'>('read')
  const open = needsAnswer(doc.kind) && (doc.status === 'notSeen' || doc.status === 'seen')
  // Both answers through the form engine: a refusal on typedName or signature lands on its field;
  // a send that could not reach the server says so in the form's own words.
  const send = async (a: Answer, form: { setFormError: (text: string | null) => void }) => {
    try {
      await onAnswer(a)
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) form.setFormError(t('document-signing.sign.sendFailedOffline'))
      else throw err
    }
  }
  const accept = useEntityForm({
    schema: ZAcceptForm,
    initial: {
      typedName: '',
      method: 'drawn' as 'drawn' | 'typed',
      signature: null as string | null,
      typedStatement: false,
    },
    check: ({ typedName, method, signature, typedStatement }) => {
      const problems: Record<string, string> = {}
      if (!typedName.trim()) problems.typedName = t('validation.signing.typedName')
      if (method === 'drawn' && !signature) problems.signature = t('validation.signing.signature')
      if (method === 'typed' && !typedStatement) problems.typedStatement = t('validation.signing.typedStatement')
      return Object.keys(problems).length ? problems : undefined
    },
    submit: ({ typedName, method, signature }): Promise<void> =>
      send(
        method === 'typed'
          ? { status: 'accepted', signatureMethod: 'typed', typedStatement: true, typedName: typedName.trim() }
          : { status: 'accepted', signatureMethod: 'drawn', typedName: typedName.trim(), signature: signature! },
        accept,
      ),
  })
  const decline = useEntityForm({
    schema: ZDeclineForm,
    initial: { reason: '' },
    submit: ({ reason }): Promise<void> => send({ status: 'declined', reason: reason.trim() || undefined }, decline),
  })
  const busy = accept.isBusy || decline.isBusy

  return (
    <article className="flex flex-col gap-5" data-testid="document-reader">
      <header className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden className="size-6 text-primary-dark" />
        <h2 className="min-w-0 flex-1 text-2xl font-semibold text-ink">{doc.name}</h2>
        <StatusBadge status={doc.status} kind={doc.kind} />
      </header>
      <p className="-mt-3 text-sm text-muted">{t('document-signing.read.version', { number: doc.versionNumber })}</p>
      <DocumentContent doc={doc} />
      {open && offline && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-2 text-sm text-[#7a5209]">
          <CloudOff aria-hidden className="size-4 shrink-0" />
          {t('document-signing.sign.offline')}
        </p>
      )}
      {open && mode === 'read' && (
        <div className="flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" onClick={() => setMode('decline')}>
            <CircleX aria-hidden className="size-5" />
            {t('document-signing.sign.decline')}
          </Button>
          <Button size="lg" onClick={() => setMode('accept')}>
            <PenLine aria-hidden className="size-5" />
            {t('document-signing.sign.accept')}
          </Button>
        </div>
      )}
      {open && mode === 'accept' && (
        <EntityFormElement
          form={accept}
          id="document-accept-form"
          className="flex flex-col gap-4 border-t border-line pt-5"
          showFormError={false}
        >
          <h3 className="text-lg font-medium text-ink">{t('document-signing.sign.acceptTitle')}</h3>
          <p className="text-sm text-muted">{t('document-signing.sign.acceptText')}</p>
          <TextField
            label={t('document-signing.sign.typedName')}
            maxLength={TYPED_NAME_MAX}
            autoComplete="name"
            {...accept.field('typedName')}
          />
          <RadioGroup
            label={t('document-signing.sign.method')}
            name="signature-method"
            value={accept.values.method}
            onChange={(v) => accept.set('method', v as 'drawn' | 'typed')}
            options={[
              { value: 'drawn', label: t('document-signing.sign.methodDrawn') },
              { value: 'typed', label: t('document-signing.sign.methodTyped') },
            ]}
          />
          {accept.values.method === 'drawn' ? (
            <SignatureField onChange={(v) => accept.set('signature', v)} error={accept.error('signature')} />
          ) : (
            <TypedStatement
              checked={accept.values.typedStatement}
              onChange={(v) => accept.set('typedStatement', v)}
              error={accept.error('typedStatement')}
            />
          )}
          {accept.formError && <FormError text={accept.formError} />}
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
            <Button variant="ghost" size="lg" onClick={() => setMode('read')} disabled={busy}>
              {t('document-signing.sign.back')}
            </Button>
            <Button type="submit" size="lg" loading={busy} disabled={offline}>
              <Check aria-hidden className="size-5" />
              {t('document-signing.sign.confirmAccept')}
            </Button>
          </div>
        </EntityFormElement>
      )}
      {open && mode === 'decline' && (
        <EntityFormElement
          form={decline}
          id="document-decline-form"
          className="flex flex-col gap-4 border-t border-line pt-5"
          showFormError={false}
        >
          <h3 className="text-lg font-medium text-ink">{t('document-signing.sign.declineTitle')}</h3>
          <TextArea
            label={t('document-signing.sign.reason')}
            hint={t('document-signing.sign.reasonHint')}
            maxLength={DECLINE_REASON_MAX}
            {...decline.field('reason')}
          />
          {decline.formError && <FormError text={decline.formError} />}
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
            <Button variant="ghost" size="lg" onClick={() => setMode('read')} disabled={busy}>
              {t('document-signing.sign.back')}
            </Button>
            <Button type="submit" variant="danger" size="lg" loading={busy} disabled={offline}>
              {t('document-signing.sign.confirmDecline')}
            </Button>
          </div>
        </EntityFormElement>
      )}
    </article>
  )
}
