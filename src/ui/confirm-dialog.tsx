import { DialogTitle } from '@headlessui/react'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { DialogShell } from './dialog-shell'

export type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  message: ReactNode
  confirmLabel: string
  cancelLabel?: string
  danger?: boolean
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Spec §9: confirm dialog 416 wide; sits above drawers and modals. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <DialogShell
      open={p.open}
      onClose={p.onCancel}
      zIndex={1300}
      role="alertdialog"
      placement="items-center justify-center p-4"
      panelClassName="w-full max-w-[416px] rounded-2xl p-6 duration-150 data-[closed]:scale-[0.97] data-[closed]:opacity-0"
    >
      <div className="flex gap-4">
        {p.danger && (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#f8e7e5] text-[#a23b35]">
            <TriangleAlert aria-hidden className="size-5" />
          </span>
        )}
        <div className="flex flex-col gap-2">
          <DialogTitle className="font-display text-lg text-ink">{p.title}</DialogTitle>
          <div className="text-sm text-muted">{p.message}</div>
        </div>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={p.onCancel}>
          {p.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button variant={p.danger ? 'danger' : 'primary'} onClick={p.onConfirm} loading={p.loading}>
          {p.confirmLabel}
        </Button>
      </div>
    </DialogShell>
  )
}
