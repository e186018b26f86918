import { useLiveQuery } from 'dexie-react-hooks'
import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { EmployeeMe } from '../../../contract/auth'
import type { RemovedNotice } from '../../local-db/types'
import { Button } from '../../ui/button'
import { activeKioskSlug } from '../kiosk/kiosk-mark'
import { changeLabel } from './change-label'
import { dismissLostBranchNotice, type LostBranchNotice, useLostBranchNotices } from './lost-branches'
import type { Replica } from './replica-context'
import { lazyOnOpen } from '../app/lazy-on-open'

/** Shown only when access changed: the dialog loads then, not with every screen. */
const Modal = lazyOnOpen(() => import('../../ui/modal'), 'Modal')

/*
 * Issue 9: when the server takes data away from this device (a right or a branch taken away),
 * the employee is told once, in plain words, what was removed and why, and what became of the
 * changes that had not been sent yet. Lost branches first (their replica is gone, the notice
 * waits in localStorage), then what the current branch's replica stopped holding (its meta).
 */
export function AccessNotice({ replica, employee }: { replica: Replica | null; employee: EmployeeMe | undefined }) {
  const lost = useLostBranchNotices(employee?.id)
  const removed = useLiveQuery(
    async () => (replica ? ((await replica.db.getMeta<RemovedNotice>('removed')) ?? null) : null),
    [replica],
    null,
  )
  // Never to a customer holding the tablet (kiosk hand-over): it waits for the employee.
  if (!employee || activeKioskSlug()) return null
  const first = lost[0]
  if (first)
    return (
      <LostBranchDialog
        notice={first}
        noBranchLeft={employee.salons.length === 0}
        onClose={() => dismissLostBranchNotice(employee.id, first.salonId)}
      />
    )
  if (removed && replica) {
    const branch = employee.salons.find((s) => s.salonId === replica.salonId)?.salonName ?? ''
    return <RemovedDialog notice={removed} branch={branch} onClose={() => void replica.db.meta.delete('removed')} />
  }
  return null
}

function NoticeModal(p: { title: string; onClose: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation()
  return (
    <Modal
      open
      onClose={p.onClose}
      title={
        <span className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#fbf1dc] text-[#7a5209]">
            <ShieldAlert aria-hidden className="size-5" />
          </span>
          {p.title}
        </span>
      }
      footer={<Button onClick={p.onClose}>{t('sync.access.ok')}</Button>}
    >
      <div className="flex flex-col gap-3 text-sm" data-testid={p.testId}>
        {p.children}
      </div>
    </Modal>
  )
}

function LostBranchDialog(p: { notice: LostBranchNotice; noBranchLeft: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { notice } = p
  const named = notice.salonName !== ''
  const more = notice.unsentCount - notice.unsent.length
  return (
    <NoticeModal
      testId="lost-branch-notice"
      onClose={p.onClose}
      title={
        named
          ? t('sync.access.lostBranch.title', { branch: notice.salonName })
          : t('sync.access.lostBranch.titleUnnamed')
      }
    >
      <p>
        {named
          ? t('sync.access.lostBranch.body', { branch: notice.salonName })
          : t('sync.access.lostBranch.bodyUnnamed')}
      </p>
      {notice.unsentCount > 0 && (
        <>
          <p>{t('sync.access.lostBranch.unsent', { count: notice.unsentCount })}</p>
          <ul className="list-disc pl-5 text-ink" data-testid="dropped-changes">
            {notice.unsent.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <li key={i}>{changeLabel(t, c.name, c.about)}</li>
            ))}
            {more > 0 && <li>{t('sync.access.lostBranch.more', { count: more })}</li>}
          </ul>
          <p className="text-muted">{t('sync.access.lostBranch.passOn')}</p>
        </>
      )}
      {p.noBranchLeft && <p className="text-muted">{t('sync.access.lostBranch.noBranchLeft')}</p>}
    </NoticeModal>
  )
}

function RemovedDialog(p: { notice: RemovedNotice; branch: string; onClose: () => void }) {
  const { t } = useTranslation()
  // Entities that read as one thing to a person (a document, its versions, what was sent) say it once.
  const what = new Intl.ListFormat(t('common.locale'), { type: 'conjunction' }).format([
    ...new Set(
      p.notice.entities.map((e) => t(`sync.access.entity.${e}`, { defaultValue: t('sync.access.entity.other') })),
    ),
  ])
  return (
    <NoticeModal
      testId="removed-notice"
      onClose={p.onClose}
      title={p.branch ? t('sync.access.removed.title', { branch: p.branch }) : t('sync.access.removed.titleUnnamed')}
    >
      <p>
        {p.branch
          ? t('sync.access.removed.body', { branch: p.branch, what })
          : t('sync.access.removed.bodyUnnamed', { what })}
      </p>
      {p.notice.kept > 0 && <p className="text-muted">{t('sync.access.removed.kept', { count: p.notice.kept })}</p>}
    </NoticeModal>
  )
}
