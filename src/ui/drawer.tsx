import { DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { DialogCloseButton, DialogShell } from './dialog-shell'
import { DirtyProvider, useDiscardGuard, useReportedDirty } from './unsaved-guard'

export type DrawerProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** A function gets the guarded close, for a Cancel button that must ask too. */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode)
  /** The form inside has changes: closing it (tap outside, Escape, ×, Cancel) asks first. */
  dirty?: boolean
}

/** Right-side panel: full width on phones, 520 px otherwise (spec §9 modal width). z-index 1200. */
export function Drawer({ open, onClose, title, children, footer, dirty = false }: DrawerProps) {
  const [inner, report] = useReportedDirty()
  const guard = useDiscardGuard(open && (dirty || inner), onClose)
  // The confirm is a sibling, not a child: a dialog nested in the drawer's own leaves the drawer
  // deaf to Escape and outside taps after it closes (Headless UI's dialog stack).
  return (
    <>
      <DialogShell
        open={open}
        onClose={guard.requestClose}
        zIndex={1200}
        placement="justify-end"
        panelClassName="flex h-full w-full flex-col duration-200 ease-out data-[closed]:translate-x-8 data-[closed]:opacity-0 md:w-[520px]"
      >
        <header className="flex items-center justify-between gap-4 border-b border-line px-6 py-4">
          <DialogTitle className="font-display text-xl text-ink">{title}</DialogTitle>
          <DialogCloseButton onClose={guard.requestClose} />
        </header>
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable body must be reachable by keyboard even when nothing in it takes focus (a read-only or offline form; axe scrollable-region-focusable)
          tabIndex={0}
          className="flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-primary-dark focus-visible:ring-inset px-6 py-5"
        >
          <DirtyProvider value={report}>{children}</DirtyProvider>
        </div>
        {footer && (
          <footer className="flex flex-wrap justify-end gap-3 border-t border-line bg-stone-25 px-6 py-4">
            {typeof footer === 'function' ? footer(guard.requestClose) : footer}
          </footer>
        )}
      </DialogShell>
      {guard.dialog}
    </>
  )
}
