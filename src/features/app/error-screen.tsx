import { RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'

/**
 * Spec §2: large title 'oops', subtitle, background image, one 'reload' button. Never technical
 * text: the details go to Sentry or the console. `staleVersion`: the app was updated while this
 * page was open and an automatic reload was not possible (unsaved input, or it was just tried).
 */
export function ErrorScreen({ staleVersion = false }: { staleVersion?: boolean }) {
  const { t } = useTranslation()
  return (
    <main
      className="flex h-full flex-col items-center justify-center gap-4 bg-canvas bg-cover bg-center px-6 text-center"
      style={{ backgroundImage: 'url(/error-background.svg)' }}
    >
      {staleVersion ? (
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
