import { HardDriveDownload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui'
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
      className="mb-6 rounded-2xl border border-[#ecd6a4] bg-[#fbf1dc] p-4 text-[#5c3d06] md:p-5"
    >
      <div className="flex gap-3">
        <HardDriveDownload aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <h2 id="storage-notice-title" className="text-sm font-semibold">
            {t('sync.storage.title')}
          </h2>
          <p className="mt-1 text-sm">{t('sync.storage.body')}</p>
          <p className="mt-1 text-sm">{t('sync.storage.install')}</p>
          <Button className="mt-3" onClick={dismissStorageNotice}>
            {t('sync.storage.ok')}
          </Button>
        </div>
      </div>
    </section>
  )
}
