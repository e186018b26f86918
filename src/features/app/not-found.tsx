import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * Spec §2/§8: 'Error 404 - Unfortunately this page not found'. Inside the staff shell
 * (`inShell`) it fills the shell's content area, so the navigation stays (issue 21 #21).
 */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation()
  const Frame = inShell ? 'div' : 'main'
  return (
    <Frame
      className={`flex flex-col items-center justify-center gap-4 bg-canvas px-6 text-center ${inShell ? 'py-16' : 'h-full'}`}
    >
      <p className="font-display text-6xl text-primary-dark">404</p>
      <h1 className="font-display text-2xl text-ink">{t('common.notFound')}</h1>
      <Link
        to="/"
        className="mt-2 inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-medium text-primary-dark hover:bg-primary-light"
      >
        {t('common.goHome')}
      </Link>
    </Frame>
  )
}
