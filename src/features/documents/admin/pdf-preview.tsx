import { FileWarning } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../../ui'
import { storageAccessReady } from '../../auth/storage-access'

/*
 * The first page of a PDF information document (issue 12), drawn with pdf.js. pdf.js and its
 * worker load only when a preview is shown (a dynamic import; the worker file is bundled through
 * Vite's `?url`, so nothing is fetched from a CDN and the CSP's worker-src 'self' holds).
 */

type PdfJs = typeof import('pdfjs-dist')
let loading: Promise<PdfJs> | null = null
function loadPdfJs(): Promise<PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default
      return pdfjs
    },
  )
  return loading
}

export type PdfSource = { data: ArrayBuffer } | { url: string }

/** Renders page 1 into a canvas as wide as its box (sharp on high-density screens). */
export function PdfPreview({ source, label }: { source: PdfSource; label: string }) {
  const { t } = useTranslation()
  const canvas = useRef<HTMLCanvasElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [pages, setPages] = useState(0)
  const key = 'url' in source ? source.url : source.data

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the file shown
  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | undefined
    setState('loading')
    void (async () => {
      try {
        const pdfjs = await loadPdfJs()
        if ('url' in source) await storageAccessReady()
        const task = pdfjs.getDocument({
          // pdf.js takes ownership of the bytes it is given: hand it a copy.
          ...('url' in source ? { url: source.url, withCredentials: true } : { data: source.data.slice(0) }),
        })
        destroy = () => void task.destroy()
        const pdf = await task.promise
        const page = await pdf.getPage(1)
        if (cancelled || !canvas.current) return
        const width = box.current?.clientWidth || 320
        const base = page.getViewport({ scale: 1 })
        const ratio = globalThis.devicePixelRatio || 1
        const viewport = page.getViewport({ scale: (width / base.width) * ratio })
        const c = canvas.current
        c.width = Math.floor(viewport.width)
        c.height = Math.floor(viewport.height)
        c.style.width = `${width}px`
        c.style.height = `${Math.floor(viewport.height / ratio)}px`
        await page.render({ canvas: c, viewport }).promise
        if (cancelled) return
        setPages(pdf.numPages)
        setState('ready')
      } catch {
        if (!cancelled) setState('failed')
      }
    })()
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [key])

  return (
    <figure className="flex flex-col gap-2" data-testid="pdf-preview" data-state={state}>
      <div ref={box} className="relative w-full overflow-hidden rounded-lg border border-line bg-white shadow-sm">
        {state === 'loading' && <Skeleton className="aspect-[1/1.414] w-full" />}
        {state === 'failed' && (
          <p className="flex aspect-[3/2] w-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted">
            <FileWarning aria-hidden className="size-6" />
            {t('documents-admin.previewFailed')}
          </p>
        )}
        <canvas
          ref={canvas}
          role="img"
          aria-label={t('documents-admin.previewOf', { name: label })}
          className={state === 'ready' ? 'block' : 'hidden'}
        />
      </div>
      {state === 'ready' && (
        <figcaption className="text-xs text-muted">{t('documents-admin.firstPageOf', { count: pages })}</figcaption>
      )}
    </figure>
  )
}
