import { RotateCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui'

/** Spec §2: large title 'oops', subtitle, background image, one 'reload' button. */
export function ErrorScreen() {
  const { t } = useTranslation()
  return (
    <main
      className="flex h-full flex-col items-center justify-center gap-4 bg-canvas bg-cover bg-center px-6 text-center"
      style={{ backgroundImage: 'url(/error-background.svg)' }}
    >
      <h1 className="font-display text-7xl text-ink md:text-8xl">{t('common.oops')}</h1>
      <p className="text-lg text-muted">{t('common.unexpectedError')}</p>
      <Button size="lg" className="mt-4" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden className="size-4" />
        {t('common.reload')}
      </Button>
    </main>
  )
}
