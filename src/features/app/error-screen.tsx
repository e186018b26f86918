import { RotateCw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { reloadIsSafe } from '../../ui/reload-holds'
import { useOnline } from './use-online'

/**
 * Spec §2: large title 'oops', subtitle, background image, one 'reload' button. Never technical
 * text: the details go to Sentry or the console. `staleVersion`: the app was updated while this
 * page was open and an automatic reload was not possible (unsaved input, or it was just tried).
 * Offline, a screen whose code did not load is not a new version but a screen this device has not
 * stored yet (the service worker was still fetching it): said so, and it opens by itself once the
 * connection is back.
 */
export function ErrorScreen({
  staleVersion = false,
  placement = 'page',
}: {
  staleVersion?: boolean
  /**
   * `page`: the whole window, centred (the app's own boundary). `content`: a screen's place under
   * the shell's header and banners (the router's errors), from the top: centred in a full-height
   * block it started below the fold on a phone under the e-mail and storage banners.
   */
  placement?: 'page' | 'content'
}) {
  const { t } = useTranslation()
  const online = useOnline()
  const offline = staleVersion && !online
  const wasOffline = useRef(offline)
  useEffect(() => {
    if (offline) wasOffline.current = true
    else if (wasOffline.current && reloadIsSafe()) window.location.reload()
  }, [offline])
  return (
    <main
      className={
        placement === 'page'
          ? 'flex h-full flex-col items-center justify-center gap-4 bg-canvas bg-cover bg-center px-6 text-center'
          : 'flex flex-col items-center gap-4 px-6 py-10 text-center md:py-20'
      }
      style={placement === 'page' ? { backgroundImage: 'url(/error-background.svg)' } : undefined}
    >
      {offline ? (
        <>
          <h1 className="font-display text-4xl text-ink md:text-5xl">{t('common.notStoredYetTitle')}</h1>
          <p className="max-w-md text-lg text-muted">{t('common.notStoredYetText')}</p>
        </>
      ) : staleVersion ? (
        <>
          <h1 className="font-display text-4xl text-ink md:text-5xl">{t('common.staleVersionTitle')}</h1>
          <p className="max-w-md text-lg text-muted">{t('common.staleVersionText')}</p>
        </>
      ) : (
        <>
          <h1 className="font-display text-7xl text-ink md:text-8xl">{t('common.oops')}</h1>
          <p className="text-lg text-muted">{t('common.unexpectedError')}</p>
        </>
      )}
      <Button size="lg" className="mt-4" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden className="size-4" />
        {t('common.reload')}
      </Button>
    </main>
  )
}
