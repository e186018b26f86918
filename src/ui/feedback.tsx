import type { ReactNode } from 'react'
import { cx } from './cx'

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-lg bg-line/70', className)} />
}

/**
 * What an empty list invites the user to do, and for whom (issue 21 #22: an empty state never
 * invites an action the user cannot take). Who may (`allowed`) reads `description` and gets
 * `action`; who may not reads `readOnly` and gets no action.
 */
export type EmptyInvite = { allowed: boolean; description: ReactNode; action?: ReactNode; readOnly: ReactNode }

export type EmptyStateProps = {
  icon?: ReactNode
  title: ReactNode
  /** Text for everyone (no invite), e.g. "nothing matches the filters". */
  description?: ReactNode
  /** An action everyone may take (clear the filters); one behind a permission goes in `invite`. */
  action?: ReactNode
  invite?: EmptyInvite
}

/** A list that is still loading: `rows` card-sized placeholders, announced as busy. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <ul className="flex flex-col gap-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <Skeleton className="h-20 w-full" />
        </li>
      ))}
    </ul>
  )
}

/** An empty state says what to do next (DESIGN.md), and only what this user may do. */
export function EmptyState({ icon, title, invite, ...rest }: EmptyStateProps) {
  const description = invite ? (invite.allowed ? invite.description : invite.readOnly) : rest.description
  const action = invite ? invite.allowed && invite.action : rest.action
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-white/60 px-6 py-12 text-center">
      {icon && (
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-light text-primary-dark">
          {icon}
        </span>
      )}
      <h3 className="font-display text-lg text-ink">{title}</h3>
      {description && <p className="max-w-sm text-sm text-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}

const TONES = {
  neutral: 'bg-canvas text-muted border-line',
  primary: 'bg-primary-light text-primary-dark border-primary/40',
  warning: 'bg-[#fbf1dc] text-[#7a5209] border-[#ecd6a4]',
  danger: 'bg-[#f8e7e5] text-[#8f302b] border-[#eec5c1]',
  success: 'bg-[#e8f2ea] text-[#33653c] border-[#c5dcc9]',
} as const

export type BadgeProps = { tone?: keyof typeof TONES; children: ReactNode; className?: string }

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}

export type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode }

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="font-display text-3xl text-ink">{title}</h1>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </div>
  )
}
