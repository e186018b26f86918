import { CloudOff, ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SegmentPdf } from '../../../contract/trainings'
import { useStorageFile } from '../../api/query'
import { VideoEmbed } from '../advice/modules/video-embed'
import { useOnline } from '../app/use-online'

/** Rich text as the server sanitised it when the segment was saved (rendered as documents render theirs). */
export function SegmentText({ html }: { html: string }) {
  return (
    <div
      className="rounded-xl border border-line bg-white px-5 py-4 text-base leading-relaxed text-ink [&_a]:text-primary-dark [&_a]:underline [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:mb-3 [&_ol]:list-decimal [&_p]:mb-3 [&_p:last-child]:mb-0 [&_ul]:mb-3 [&_ul]:list-disc"
      data-testid="segment-text"
      // The server sanitised this HTML with an allow-list when the segment was written.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

/**
 * The PDF through fetch, so the service worker keeps it (its PDF cache: offline reading once
 * opened), shown from a blob URL: an <object> loads past the service worker.
 */
function usePdfBlob(url: string) {
  const { data, isError, isFetched } = useStorageFile(url)
  const [blobUrl, setBlobUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!data) return
    const made = URL.createObjectURL(new Blob([data], { type: 'application/pdf' }))
    setBlobUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [data])
  return { blobUrl: data ? blobUrl : null, missing: isError || (isFetched && !data) }
}

export function SegmentPdfView({ pdf, title }: { pdf: SegmentPdf; title: string }) {
  const { t } = useTranslation()
  const online = useOnline()
  const { blobUrl, missing } = usePdfBlob(pdf.url)
  if (missing && !online)
    return (
      <p role="status" className="flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-2 text-sm text-[#7a5209]">
        <CloudOff aria-hidden className="size-4 shrink-0" />
        {t('blueprint.pdf.offline')}
      </p>
    )
  return (
    <div className="flex flex-col gap-3" data-testid="segment-pdf">
      <a
        href={blobUrl ?? pdf.url}
        target="_blank"
        rel="noreferrer"
        className="flex min-h-11 items-center gap-2 self-start rounded-lg px-2 font-medium text-primary-dark underline hover:bg-primary-light"
      >
        <ExternalLink aria-hidden className="size-4" />
        {t('blueprint.pdf.open', { name: pdf.name })}
      </a>
      {blobUrl && (
        <object
          data={blobUrl}
          type="application/pdf"
          aria-label={title}
          className="h-[60vh] w-full rounded-xl border border-line bg-white"
        >
          <p className="p-4 text-sm text-muted">{t('blueprint.pdf.fallback')}</p>
        </object>
      )}
    </div>
  )
}

/** YouTube or Vimeo, privacy-friendly embed online; offline it says the video needs a connection. */
export function SegmentVideo({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation()
  const online = useOnline()
  if (!online)
    return (
      <p
        role="status"
        data-testid="video-offline"
        className="flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-3 text-sm text-[#7a5209]"
      >
        <CloudOff aria-hidden className="size-4 shrink-0" />
        {t('blueprint.video.offline')}
      </p>
    )
  return <VideoEmbed url={url} title={t('blueprint.video.title', { title })} />
}
