import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

const SECTIONS = ['service', 'account', 'data', 'payment', 'liability', 'end'] as const

/** `/terms-and-conditions`: short terms of use, in the user's language. */
export function TermsPage() {
  const { t } = useTranslation()
  return (
    <div className="h-full overflow-y-auto bg-canvas">
      <main className="mx-auto max-w-2xl px-5 py-12">
        <Link to="/" className="inline-flex min-h-11 items-center text-sm font-medium text-primary-dark">
          ← {t('common.back')}
        </Link>
        <h1 className="mt-4 font-display text-4xl text-ink">{t('terms.title')}</h1>
        <p className="mt-2 text-sm text-muted">{t('terms.updated')}</p>
        <p className="mt-6 leading-relaxed text-ink">{t('terms.intro')}</p>
        {SECTIONS.map((s, i) => (
          <section key={s} className="mt-8">
            <h2 className="font-display text-xl text-ink">
              {i + 1}. {t(`terms.${s}.title`)}
            </h2>
            <p className="mt-2 leading-relaxed text-ink/90">{t(`terms.${s}.text`)}</p>
          </section>
        ))}
      </main>
    </div>
  )
}
