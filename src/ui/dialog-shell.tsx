import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react'
import { X } from 'lucide-react'
import { type CSSProperties, type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { dismissAll } from './notifications'

export type DialogShellProps = {
  open: boolean
  onClose: () => void
  zIndex: number
  /** Where the panel sits: the flex container around it (a right edge for drawers, centred for modals). */
  placement: string
  /** The panel's own classes: size, shape and its enter/leave transition. */
  panelClassName: string
  panelStyle?: CSSProperties
  role?: 'dialog' | 'alertdialog'
  children: ReactNode
}

/**
 * The Headless UI dialog every overlay shares (Drawer, Modal, ConfirmDialog): focus trap, Escape
 * and backdrop click close it, the blurred backdrop, the stacking order. Overlays differ only in
 * where the panel sits and what it holds.
 */
export function DialogShell(p: DialogShellProps) {
  // Toasts about what came before would lie over this overlay's own fields and messages.
  useEffect(() => {
    if (p.open) dismissAll()
  }, [p.open])
  return (
    <Dialog open={p.open} onClose={p.onClose} className="fixed inset-0" style={{ zIndex: p.zIndex }} role={p.role}>
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/35 backdrop-blur-[2px] transition-opacity duration-200 data-[closed]:opacity-0"
      />
      <div className={`fixed inset-0 flex ${p.placement}`}>
        <DialogPanel transition style={p.panelStyle} className={`bg-white shadow-2xl transition ${p.panelClassName}`}>
          {p.children}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** The 44 px close button in an overlay's header. */
export function DialogCloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('common.close')}
      className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-canvas"
    >
      <X aria-hidden className="size-5" />
    </button>
  )
}
