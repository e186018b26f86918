import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

type Props = { title: ReactNode; subtitle?: ReactNode; brand?: ReactNode; children: ReactNode; wide?: boolean }

/** Calm centred card used by every sign-in style screen; the page itself does not scroll, the area does. */
export function AuthLayout({ title, subtitle, brand, children, wide }: Props) {
  const { t } = useTranslation()
  return (
    <div
      className="h-full overflow-y-auto bg-canvas bg-cover"
      style={{ backgroundImage: 'url(/error-background.svg)' }}
    >
      <main className="mx-auto flex min-h-full w-full flex-col items-center justify-center px-4 py-10 md:py-16">
        <p className="mb-6 font-display text-xl tracking-wide text-primary-dark">{brand ?? t('common.appName')}</p>
        <div
          className={`w-full rounded-2xl border border-line bg-white px-6 py-8 shadow-sm md:px-10 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
        >
          <h1 className="font-display text-3xl text-ink">{title}</h1>
          {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
          <div className="mt-7">{children}</div>
        </div>
      </main>
    </div>
  )
}
