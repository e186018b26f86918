import { Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { useReloadHold } from '../../ui/reload-holds'
import { useOutboxCount } from '../sync/use-outbox-count'
import { applyUpdate, useUpdateReady } from './register-sw'

/**
 * "A new version is available". Updating reloads the page, so it waits for the user's click and
 * is held back while changes wait in the outbox (they are safe in IndexedDB, but a reload mid-send
 * would only delay them) — and a click here cannot happen while a modal form is open.
 */
export function UpdatePrompt() {
  const { t } = useTranslation()
  const ready = useUpdateReady()
  const waiting = useOutboxCount()
  // The same rule for the automatic reload into a new version (features/app/stale-version.ts);
  // a count not read yet holds too.
  useReloadHold(() => waiting !== 0)
  if (!ready) return null
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed right-6 bottom-6 z-[1100] flex w-[min(360px,calc(100vw-48px))] flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-xl"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <Sparkles aria-hidden className="size-4 text-primary-dark" /> {t('pwa.updateTitle')}
      </p>
      <p className="text-sm text-muted">{waiting ? t('pwa.updateWait', { count: waiting }) : t('pwa.updateText')}</p>
      <div>
        <Button disabled={waiting !== 0} onClick={applyUpdate}>
          {t('pwa.updateNow')}
        </Button>
      </div>
    </div>
  )
}
