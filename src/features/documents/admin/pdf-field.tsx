import { FileText, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type DocumentPdf, PDF_MAX_BYTES } from '../../../../contract/documents'
import { ApiError } from '../../../api/client'
import { Button, formatNumber, messageRef, translateValidation, Truncated, useApiErrorMessage } from '../../../ui'
import { storedFileUrl } from '../../auth/stored-image'
import { uploadPdf } from './documents-api'
import { PdfPreview } from './pdf-preview'

/** The size as people read it: "1,2 MB", "340 kB". */
const sizeText = (bytes: number, lang: string) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, lang)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} kB`

/**
 * A PDF information document's file (issue 12): choose a PDF, it is uploaded at once (the server
 * checks it by its bytes) and its first page is shown. Before uploading, the size and the PDF
 * header are checked here too, so a wrong file is named without a round trip.
 */
export function PdfField(props: {
  /** A training segment's PDF carries no size (it is then not shown). */
  value: (Omit<DocumentPdf, 'size'> & { size?: number }) | null
  onChange: (pdf: DocumentPdf) => void
  disabled?: boolean
  error?: string
  /** The legend (default: the document's "PDF file"). */
  label?: string
  /** Where the file goes (default: the signed-in employee's organisation; the platform editors pass theirs). */
  upload?: (file: File) => Promise<DocumentPdf>
}) {
  const { t, i18n } = useTranslation()
  const errorText = useApiErrorMessage()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // The chosen file's bytes, previewed without downloading it again.
  const [local, setLocal] = useState<{ path: string; data: ArrayBuffer } | null>(null)

  const choose = async (file: File | undefined) => {
    if (!file) return
    setProblem(null)
    if (file.size > PDF_MAX_BYTES) return setProblem(translateValidation(t, messageRef('documentForm.pdfSize')))
    const data = await file.arrayBuffer()
    const head = new TextDecoder('latin1').decode(new Uint8Array(data.slice(0, 5)))
    if (head !== '%PDF-') return setProblem(translateValidation(t, messageRef('documentForm.pdfType')))
    setBusy(true)
    try {
      const saved = await (props.upload ?? uploadPdf)(file)
      setLocal({ path: saved.path, data })
      props.onChange(saved)
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.file : undefined
      setProblem(field ? translateValidation(t, field) : errorText(err))
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  const message = problem ?? props.error
  const pdf = props.value
  return (
    <fieldset className="flex flex-col gap-3" data-testid="pdf-field">
      <legend className="mb-1 text-sm font-medium text-ink">{props.label ?? t('documents-admin.pdf')}</legend>
      {pdf ? (
        <>
          <p className="flex items-center gap-2 text-sm text-ink">
            <FileText aria-hidden className="size-4 shrink-0 text-muted" />
            <Truncated className="min-w-0 font-medium" data-testid="pdf-name" text={pdf.name} />
            {pdf.size !== undefined && <span className="shrink-0 text-muted">{sizeText(pdf.size, i18n.language)}</span>}
          </p>
          <div className="max-w-xs">
            <PdfPreview
              label={pdf.name}
              source={local?.path === pdf.path ? { data: local.data } : { url: storedFileUrl(pdf.path) }}
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted">{t('documents-admin.noPdf')}</p>
      )}
      {!props.disabled && (
        <div>
          <input
            ref={input}
            id={id}
            type="file"
            accept="application/pdf,.pdf"
            aria-label={props.label ?? t('documents-admin.pdf')}
            tabIndex={-1}
            className="sr-only"
            data-testid="pdf-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden className="size-4" />
            {busy
              ? t('documents-admin.uploading')
              : pdf
                ? t('documents-admin.replacePdf')
                : t('documents-admin.choosePdf')}
          </Button>
          <p className="mt-1 text-xs text-muted">{t('documents-admin.pdfHint')}</p>
        </div>
      )}
      {message && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {message}
        </p>
      )}
    </fieldset>
  )
}
