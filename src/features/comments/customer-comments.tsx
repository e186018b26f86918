import { AlertCircle, CloudUpload, MessageSquareText, Pencil, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { COMMENT_MAX } from '../../../contract/comments'
import { addComment, deleteComment, editComment } from '../../local-db/comments'
import { discardEntry, retryEntry } from '../../local-db/mutations'
import { Badge, Skeleton } from '../../ui/feedback'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { cx } from '../../ui/cx'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { formatDateTime } from '../../ui/format'
import { notify } from '../../ui/notifications'
import { PeriodFilter } from '../../ui/period-filter'
import { TextArea } from '../../ui/fields'
import { useReportDirty } from '../../ui/unsaved-guard'
import { useOnline } from '../app/use-online'
import { useEmployeeSession } from '../auth/session'
import { useCan } from '../auth/use-can'
import { outboxErrorText } from '../sync/outbox-error-text'
import { useReplica } from '../sync/sync-provider'
import { type CommentPeriod, type ShownComment, useComments } from './use-comments'

/** What the text fields check before anything is written (the server checks the same). */
function textError(t: TFunction, text: string): string | null {
  if (!text.trim()) return t('comments.required')
  if (text.trim().length > COMMENT_MAX) return t('comments.tooLong', { max: COMMENT_MAX })
  return null
}

/** The comment forms' one field; its checks are textError's (the comment's own texts). */
const ZCommentForm = z.object({ text: z.string() })

/** A comment form on the engine: textError on the field, busy while writing, the text sent trimmed. */
function useCommentForm(initial: string, write: (text: string) => Promise<void>) {
  const { t } = useTranslation()
  return useEntityForm({
    schema: ZCommentForm,
    initial: { text: initial },
    check: ({ text }) => {
      const problem = textError(t, text)
      return problem ? { text: problem } : undefined
    },
    submit: ({ text }) => write(text.trim()),
  })
}

/**
 * The comments on a customer's file (spec "Customer comments", issue 10): newest first, with the
 * spec's filter last 7 days / last 30 days / all. Read from and written to the replica, so it works
 * offline: an unsent comment is marked "not sent yet" and sent once when the connection is back; a
 * refused one waits here for staff (try again or discard). Edit and delete only where allowed: the
 * author, or an employee who manages customers in this branch.
 */
export function CustomerComments({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const [period, setPeriod] = useState<CommentPeriod>('all')
  const data = useComments(customerId, period)
  const canRead = useCan('customerComments.read')
  const canWrite = useCan('customerComments.write')
  const online = useOnline()
  const form = useCommentForm('', async (text) => {
    if (!replica) return
    await addComment(replica.db, { customerId, salonId: replica.salonId, text })
    form.reset({ text: '' })
    notify({ type: online ? 'success' : 'info', message: online ? t('comments.added') : t('comments.addedOffline') })
  })
  const fieldId = useId()
  // A comment being typed keeps the drawer from closing without asking.
  useReportDirty(form.values.text.trim() !== '')
  if (!canRead || !replica) return null

  return (
    <section
      aria-labelledby="customer-comments-title"
      className="mt-8 flex flex-col gap-4 border-t border-line pt-6"
      data-testid="customer-comments"
    >
      <h3 id="customer-comments-title" className="flex items-center gap-2 font-display text-lg text-ink">
        <MessageSquareText aria-hidden className="size-5 text-primary-dark" />
        {t('comments.title')}
        {data && data.total > 0 && <span className="text-sm font-normal text-muted">({data.total})</span>}
      </h3>
      {canWrite && (
        <EntityFormElement form={form} id="comment-form" className="flex flex-col gap-2" data-testid="comment-form">
          <TextArea
            id={fieldId}
            label={t('comments.newLabel')}
            placeholder={t('comments.placeholder')}
            rows={3}
            maxLength={COMMENT_MAX}
            {...form.field('text')}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-muted">{online ? '' : t('comments.offlineHint')}</span>
            <Button type="submit" loading={form.isBusy} className="ml-auto">
              {t('comments.add')}
            </Button>
          </div>
        </EntityFormElement>
      )}
      <PeriodFilter value={period} onChange={setPeriod} />
      {!data ? (
        <div className="flex flex-col gap-2" data-testid="comments-loading">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl bg-canvas p-3 text-sm text-muted" data-testid="comments-empty">
          {t(`comments.empty.${data.total === 0 ? 'none' : period}`)}
        </p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="comment-list">
          {data.items.map((c) => (
            <CommentRow key={c.id} comment={c} />
          ))}
        </ol>
      )}
    </section>
  )
}

function CommentRow({ comment: c }: { comment: ShownComment }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const session = useEmployeeSession()
  const canManage = useCan('customers.manage')
  const canWrite = useCan('customerComments.write')
  const [editing, setEditing] = useState(false)
  const form = useCommentForm(c.text, async (text) => {
    if (replica && text !== c.text) await editComment(replica.db, c, replica.salonId, text)
    setEditing(false)
  })
  const [confirm, setConfirm] = useState(false)
  const me = session?.employee
  // Written on this device and not yet on the server: the server names its author on arrival.
  const unsent = c.employeeId === null && c.version === 0
  const mine = unsent || (!!me && c.employeeId === me.id)
  const mayChange = canWrite && (mine || canManage)
  const author = c.authorName || (unsent && me ? `${me.firstName} ${me.lastName}` : t('comments.unknownAuthor'))
  useReportDirty(editing && form.values.text.trim() !== c.text)
  if (!replica) return null

  const startEditing = () => {
    form.reset({ text: c.text })
    setEditing(true)
  }
  const onDelete = async () => {
    setConfirm(false)
    await deleteComment(replica.db, c, replica.salonId)
  }

  return (
    <li
      className={cx(
        'flex flex-col gap-2 rounded-2xl border bg-white p-4',
        c.attention ? 'border-[#eec5c1]' : 'border-line',
      )}
      data-testid="comment-row"
      data-comment-id={c.id}
      data-pending={c._pending === 1 ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-ink">{author}</span>
        {/* When it was written: once synced, the server's corrected time (ARCHITECTURE "Time"). */}
        <time dateTime={c.createdAt} className="text-muted" data-testid="comment-time">
          {formatDateTime(c.createdAt)}
        </time>
        {c.editedAt && (
          <span className="text-xs text-muted italic" data-testid="comment-edited">
            {t('comments.edited')}
          </span>
        )}
        {c._pending === 1 && !c.attention && (
          <Badge tone="neutral" className="gap-1">
            <CloudUpload aria-hidden className="size-3.5" />
            <span data-testid="comment-pending">{t('comments.pending')}</span>
          </Badge>
        )}
      </div>
      {!editing ? (
        <p className="text-sm break-words whitespace-pre-wrap text-ink" data-testid="comment-text">
          {c.text}
        </p>
      ) : (
        <EntityFormElement form={form} id={`comment-edit-${c.id}`} className="flex flex-col gap-2">
          <TextArea
            label={t('comments.editLabel')}
            rows={3}
            maxLength={COMMENT_MAX}
            autoFocus
            {...form.field('text')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.isBusy}>
              {t('common.save')}
            </Button>
          </div>
        </EntityFormElement>
      )}
      {c.attention && (
        <div
          role="alert"
          className="flex flex-col items-start gap-2 rounded-xl bg-[#f8e7e5] p-3 text-sm text-[#6e2420]"
          data-testid="comment-attention"
        >
          <p className="flex items-start gap-2">
            <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('comments.attention', { reason: outboxErrorText(t, c.attention.error) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void retryEntry(replica.db, c.attention!.seq!)}>
              {t('comments.retry')}
            </Button>
            <Button variant="ghost" onClick={() => void discardEntry(replica.db, c.attention!.seq!)}>
              {t('comments.discard')}
            </Button>
          </div>
        </div>
      )}
      {mayChange && !editing && !c.attention && (
        <div className="-mb-2 -ml-3 flex flex-wrap gap-1">
          <Button variant="ghost" onClick={startEditing} aria-label={t('comments.editAria', { author })}>
            <Pencil aria-hidden className="size-4" /> {t('comments.edit')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirm(true)} aria-label={t('comments.deleteAria', { author })}>
            <Trash2 aria-hidden className="size-4" /> {t('comments.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        danger
        title={t('comments.deleteTitle')}
        message={t('comments.deleteMessage')}
        confirmLabel={t('comments.deleteConfirm')}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirm(false)}
      />
    </li>
  )
}
