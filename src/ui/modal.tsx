import { DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { DialogCloseButton, DialogShell } from './dialog-shell'
import { DirtyProvider, useDiscardGuard, useReportedDirty } from './unsaved-guard'

export type ModalProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  /** A function gets the guarded close, for a Cancel button that must ask too. */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode)
  /** The form inside has changes: closing it (tap outside, Escape, ×, Cancel) asks first. */
  dirty?: boolean
  /** Spec §9: default width 520. */
  width?: number
  zIndex?: number
}

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  dirty = false,
  width = 520,
  zIndex = 1250,
}: ModalProps) {
  const [inner, report] = useReportedDirty()
  const guard = useDiscardGuard(open && (dirty || inner), onClose)
  // The confirm is a sibling, not a child: a dialog nested in the drawer's own leaves the drawer
  // deaf to Escape and outside taps after it closes (Headless UI's dialog stack).
  return (
    <>
      <DialogShell
        open={open}
        onClose={guard.requestClose}
        zIndex={zIndex}
        // Never taller than the screen: the title and the actions (Send, Save…) stay in view and
        // only the body scrolls, on a 1024x768 tablet with its keyboard up as on a phone.
        placement="items-center justify-center p-4"
        panelStyle={{ maxWidth: width }}
        panelClassName="flex max-h-full w-full flex-col rounded-2xl duration-200 ease-out data-[closed]:scale-[0.97] data-[closed]:opacity-0"
      >
        <header className="flex shrink-0 items-start justify-between gap-4 px-6 pt-5">
          <DialogTitle className="pt-2 font-display text-xl text-ink">{title}</DialogTitle>
          <DialogCloseButton onClose={guard.requestClose} />
        </header>
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable body must be reachable by keyboard even when nothing in it takes focus (a read-only or offline form; axe scrollable-region-focusable)
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-primary-dark focus-visible:ring-inset px-6 py-4 text-ink"
          data-testid="modal-body"
        >
          <DirtyProvider value={report}>{children}</DirtyProvider>
        </div>
        {footer && (
          <footer className="flex shrink-0 flex-wrap justify-end gap-3 border-t border-line px-6 py-4">
            {typeof footer === 'function' ? footer(guard.requestClose) : footer}
          </footer>
        )}
      </DialogShell>
      {guard.dialog}
    </>
  )
}
