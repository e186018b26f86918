import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { AlertTriangle, Check, Clock, CloudOff, KeyRound, LoaderCircle, Lock, UploadCloud } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../ui/button'
import { cx } from '../../ui/cx'
import { formatDateTime } from '../../ui/format'
import { setSession } from '../auth/session'
import { NeedsAttentionList } from './needs-attention-list'
import { type SyncPill, useSyncStatus } from './use-sync-status'

const LOOK: Record<SyncPill['kind'], { icon: typeof Check; className: string }> = {
  synced: { icon: Check, className: 'border-line bg-white text-muted' },
  offline: { icon: CloudOff, className: 'border-line bg-canvas text-ink' },
  waiting: { icon: UploadCloud, className: 'border-line bg-white text-ink' },
  sending: { icon: LoaderCircle, className: 'border-line bg-white text-ink' },
  attention: { icon: AlertTriangle, className: 'border-[#ecd6a4] bg-[#fbf1dc] text-[#7a5209]' },
  needsSignIn: { icon: KeyRound, className: 'border-[#eec5c1] bg-[#f8e7e5] text-[#8f302b]' },
  signInWhenOnline: { icon: KeyRound, className: 'border-line bg-canvas text-ink' },
  stale: { icon: Clock, className: 'border-[#ecd6a4] bg-[#fbf1dc] text-[#7a5209]' },
  readOnly: { icon: Lock, className: 'border-[#ecd6a4] bg-[#fbf1dc] text-[#7a5209]' },
}

/**
 * The quiet sync pill in the header (DESIGN.md: offline is a normal state, not an error). Opens a
 * small panel with what waits and what the server refused.
 */
export function SyncStatusPill() {
  const { t } = useTranslation()
  const status = useSyncStatus()
  // Its size, no words: "Synced" before the outbox was read was a claim nobody had checked.
  if (status.kind === 'unknown')
    return <span data-testid="sync-pill" data-state="unknown" aria-hidden className="inline-flex min-h-11 min-w-11" />
  const look = LOOK[status.kind]
  const Icon = look.icon
  const count = 'count' in status ? status.count : 'waiting' in status ? status.waiting : 0
  const label = t(`sync.pill.${status.kind}`, { count })
  // What waits, as a number beside the icon, on a phone (the days of a stale device are not a queue).
  const badge = status.kind !== 'synced' && status.kind !== 'stale' && count > 0 ? count : null
  return (
    <Popover className="relative">
      <PopoverButton
        data-testid="sync-pill"
        data-state={status.kind}
        className={cx(
          'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap',
          'focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-dark',
          look.className,
        )}
      >
        <Icon aria-hidden className={cx('size-4', status.kind === 'sending' && 'animate-spin')} />
        {/* On a phone the pill is its icon and the number waiting (the words stay for screen readers
            and open in the panel): the header's branch name needs the room at 390 px. */}
        <span className="sr-only sm:not-sr-only">{label}</span>
        {/* Drawn by CSS from data-count: a repeat of the words for the eye, not a second text. */}
        {badge !== null && (
          <span aria-hidden data-count={badge} className="tabular-nums before:content-[attr(data-count)] sm:hidden" />
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-[1300] w-[min(360px,calc(100vw-24px))] rounded-xl border border-line bg-white p-4 shadow-xl"
      >
        <p className="text-sm font-medium text-ink sm:hidden">{label}</p>
        <p className="text-sm text-ink">{t(`sync.explain.${status.kind}`)}</p>
        {status.lastSyncAt && (
          <p className="mt-1 text-xs text-muted">{t('sync.lastSync', { time: formatDateTime(status.lastSyncAt) })}</p>
        )}
        {status.kind === 'needsSignIn' && (
          <Button className="mt-3" onClick={() => setSession('employee', null)}>
            {t('sync.signInAgain')}
          </Button>
        )}
        <NeedsAttentionList />
      </PopoverPanel>
    </Popover>
  )
}
