import { Check } from 'lucide-react'
import { Badge, cx, Truncated } from '../../ui'

type Props = {
  title: string
  detail?: string
  /** A small mark beside the title, e.g. a customer still waiting to sync. */
  badge?: string
  selected?: boolean
  action?: string
  onClick: () => void
}

/** A large selectable row (customer or questionnaire): 56 px and more, one tap on a tablet. */
export function Choice({ title, detail, badge, selected, action, onClick }: Props) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected ?? false}
      className={cx(
        'flex min-h-14 w-full items-center gap-3 rounded-xl border px-4 py-3 text-left transition',
        'focus-visible:outline-2 focus-visible:outline-primary-dark',
        selected ? 'border-primary-dark bg-primary-light' : 'border-line bg-white hover:border-primary',
      )}
    >
      <span className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the mark wraps under the name rather than cutting the name short. */}
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Truncated className="max-w-full font-medium text-ink" text={title} />
          {badge && <Badge className="shrink-0">{badge}</Badge>}
        </span>
        {detail && <Truncated className="text-sm text-muted" text={detail} />}
      </span>
      {selected && <Check aria-hidden className="size-5 shrink-0 text-primary-dark" />}
      {action && <span className="shrink-0 text-sm font-medium text-primary-dark underline">{action}</span>}
    </button>
  )
}
