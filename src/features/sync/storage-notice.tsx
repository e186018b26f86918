import { HardDriveDownload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { activeKioskSlug } from '../kiosk/kiosk-mark'
import { dismissStorageNotice, useStorageNotice } from './storage-persistence'

/**
 * The browser would not promise to keep this app's data (storage-persistence.ts): say so, and how
 * to keep it (install the app). In the page, above the content (staff-shell.tsx), not floating: it
 * never covers a button, on a phone least of all. Not while a customer holds the tablet (kiosk
 * hand-over).
 */
export function StorageNotice() {
  const { t } = useTranslation()
  const show = useStorageNotice()
  if (!show || activeKioskSlug()) return null
  return (
    <section
      aria-labelledby="storage-notice-title"
      className="mb-4 rounded-xl border border-[#ecd6a4] bg-[#fbf1dc] px-3 py-2 text-[#5c3d06]"
    >
      {/* One line until opened: on a phone it must not push the screen's own content out of view. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <HardDriveDownload aria-hidden className="size-4 shrink-0" />
        <h2 id="storage-notice-title" className="min-w-0 flex-1 text-sm font-semibold">
          {t('sync.storage.title')}
        </h2>
        <Button variant="secondary" onClick={dismissStorageNotice}>
          {t('sync.storage.ok')}
        </Button>
      </div>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer underline">{t('sync.storage.more')}</summary>
        <p className="mt-1">{t('sync.storage.body')}</p>
        <p className="mt-1">{t('sync.storage.install')}</p>
      </details>
    </section>
  )
}
