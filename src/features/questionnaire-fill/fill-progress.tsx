import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

type Props = { salonName: ReactNode; title: ReactNode; index: number; total: number }

/** The head of a questionnaire being filled: salon, title, progress bar and "part x of y". */
export function FillProgress({ salonName, title, index, total }: Props) {
  const { t } = useTranslation()
  const progress = total ? Math.round(((index + 1) / total) * 100) : 100
  return (
    <header className="flex flex-col gap-3">
      <p className="text-base text-muted">{salonName}</p>
      {title}
      <div
        className="h-3 overflow-hidden rounded-full bg-line"
        role="progressbar"
        aria-label={t('questionnaire-fill.progress')}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-sm text-muted">{t('questionnaire-fill.section', { current: index + 1, total })}</p>
    </header>
  )
}
