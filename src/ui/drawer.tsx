import { DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { DialogCloseButton, DialogShell } from './dialog-shell'

export type DrawerProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
}

/** Right-side panel: full width on phones, 520 px otherwise (spec §9 modal width). z-index 1200. */
export function Drawer({ open, onClose, title, children, footer }: DrawerProps) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      zIndex={1200}
      placement="justify-end"
      panelClassName="flex h-full w-full flex-col duration-200 ease-out data-[closed]:translate-x-8 data-[closed]:opacity-0 md:w-[520px]"
    >
      <header className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
        <DialogTitle className="font-display text-xl text-ink">{title}</DialogTitle>
        <DialogCloseButton onClose={onClose} />
      </header>
      <div className="flex-1 overflow-y-auto px-6 py-5">{children}</div>
      {footer && (
        <footer className="flex flex-wrap justify-end gap-3 border-t border-line bg-stone-25 px-6 py-4">
          {footer}
        </footer>
      )}
    </DialogShell>
  )
}
