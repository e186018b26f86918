import { useTranslation } from 'react-i18next'
import { percentDone } from './progress'

/** A course's progress: segments done of total, as a bar with an accessible name and value. */
export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const { t } = useTranslation()
  const percent = percentDone({ done, total })
  const text = t('blueprint.progress.partsDone', { done, total })
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-line/70"
      >
        <div className="h-full rounded-full bg-primary-dark transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted" data-testid="course-progress-text">
        {text}
      </p>
    </div>
  )
}
