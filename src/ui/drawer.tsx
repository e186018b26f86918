import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export type DrawerProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
}

/** Right-side panel: full width on phones, 520 px otherwise (spec §9 modal width). z-index 1200. */
export function Drawer({ open, onClose, title, children, footer }: DrawerProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-[1200]">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/30 backdrop-blur-[2px] transition-opacity duration-200 data-[closed]:opacity-0"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full flex-col bg-white shadow-2xl transition duration-200 ease-out data-[closed]:translate-x-8 data-[closed]:opacity-0 md:w-[520px]"
        >
          <header className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
            <DialogTitle className="font-display text-xl text-ink">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('common.close')}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-canvas"
            >
              <X aria-hidden className="size-5" />
            </button>
          </header>
          <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
          {footer && (
            <footer className="flex flex-wrap justify-end gap-3 border-t border-line bg-stone-25 px-6 py-4">
              {footer}
            </footer>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
