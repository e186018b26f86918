import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SyncStatusPill } from '../sync/sync-status-pill'

/**
 * The kiosk's page while the tablet is staff's: no side navigation, a way back to the customers
 * and the sync state above, the content scrolls inside (DESIGN.md page root).
 */
export function KioskFrame({ slug, children }: { slug: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="h-full overflow-y-auto bg-canvas" data-testid="kiosk">
      <header className="flex min-h-16 items-center justify-between gap-3 border-b border-line bg-white/80 px-4 md:px-8">
        <Link
          to="/$slug/admin/customers"
          params={{ slug }}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-2 text-sm font-medium text-primary-dark hover:bg-primary-light"
        >
          <ArrowLeft aria-hidden className="size-4 shrink-0" /> <span>{t('kiosk.start.back')}</span>
        </Link>
        <SyncStatusPill />
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6 md:px-8">{children}</main>
    </div>
  )
}
