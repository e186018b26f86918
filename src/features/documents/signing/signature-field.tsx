import { Eraser } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import SignaturePad from 'signature_pad'
import { cx } from '../../../ui'

type Props = {
  /** Called with the PNG data URL after every stroke, or null once cleared. */
  onChange: (dataUrl: string | null) => void
  error?: string | null
}

/**
 * A drawn signature (signature_pad: pointer events, smoothed strokes). The canvas is a fixed-height
 * sheet that never scrolls the page while drawing on iOS (touch-action: none and touchmove's
 * default prevented), and it is scaled to the device's pixel ratio so strokes stay sharp. A resize
 * (rotating the tablet) keeps the strokes drawn so far.
 */
export function SignatureField({ onChange, error }: Props) {
  const { t } = useTranslation()
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const padRef = useRef<SignaturePad | null>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const pad = new SignaturePad(canvas, { penColor: '#1f2430', minWidth: 0.8, maxWidth: 2.6 })
    padRef.current = pad
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const data = pad.toData()
      canvas.width = canvas.offsetWidth * ratio
      canvas.height = canvas.offsetHeight * ratio
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.clear()
      pad.fromData(data)
    }
    resize()
    const observer = new ResizeObserver(resize)
    observer.observe(canvas)
    const ended = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'))
    pad.addEventListener('endStroke', ended)
    // iOS Safari scrolls or bounces the page under a finger unless touchmove is cancelled here.
    const noScroll = (e: TouchEvent) => e.preventDefault()
    canvas.addEventListener('touchmove', noScroll, { passive: false })
    canvas.addEventListener('touchstart', noScroll, { passive: false })
    return () => {
      observer.disconnect()
      pad.removeEventListener('endStroke', ended)
      canvas.removeEventListener('touchmove', noScroll)
      canvas.removeEventListener('touchstart', noScroll)
      pad.off()
      padRef.current = null
    }
  }, [])

  const clear = () => {
    padRef.current?.clear()
    onChange(null)
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end justify-between gap-2">
        <span id="signature-label" className="text-sm font-medium text-ink">
          {t('document-signing.sign.signature')}
        </span>
        <button
          type="button"
          onClick={clear}
          className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light"
        >
          <Eraser aria-hidden className="size-4" />
          {t('document-signing.sign.clear')}
        </button>
      </div>
      <div
        className={cx(
          'relative h-48 overflow-hidden rounded-xl border-2 border-dashed bg-white sm:h-56',
          error ? 'border-[#a23b35]' : 'border-line',
        )}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby="signature-label"
          data-testid="signature-canvas"
          className="absolute inset-0 size-full cursor-crosshair"
          style={{ touchAction: 'none' }}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute right-6 bottom-10 left-6 border-b border-line text-xs text-muted"
        />
        <span aria-hidden className="pointer-events-none absolute bottom-3 left-6 text-xs text-muted">
          {t('document-signing.sign.signHere')}
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm text-[#a23b35]">
          {error}
        </p>
      )}
    </div>
  )
}
