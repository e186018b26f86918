import { Link } from '@tanstack/react-router'
import { ArrowDown, ArrowLeft, ArrowUp, ArrowUpDown, Download, Users, WifiOff } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CourseProgress, formatCertificateCode } from '../../../contract/trainings'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import type { CourseProgressSort } from '../../routes/search'
import { Badge, Button, EmptyState, formatDate, notify, PageHeader, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { downloadCertificate } from '../certificates/download-certificate'
import { useReplica } from '../sync/replica-context'
import { EditorAnswer, editorState } from '../trainings-editor/editor-states'
import { blueprintManagePath } from './blueprint-editor-pages'
import { sortedProgress } from './progress-sort'

type Dir = 'asc' | 'desc'

/**
 * `/{slug}/admin/blueprint/manage/{courseId}/progress` (issue 24; manageTrainings): every employee
 * who started the course, how many of its segments they completed, when they started and
 * completed it, and their certificate (downloadable). From `GET …/courses/{id}/progress`: online
 * only, and it says so; what was read stays shown when the connection drops. Sorted by the column
 * in the URL (`?sort=&dir=`).
 */
export function CourseProgressPage(props: { slug: string; courseId: string; sort?: CourseProgressSort; dir?: Dir }) {
  const { slug, courseId } = props
  const sort = props.sort ?? 'name'
  const dir = props.dir ?? 'asc'
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const input = replica ? { params: { org: replica.orgId, id: courseId } } : null
  const course = useApiQuery(API.trainings.getCourse, input)
  const q = useApiQuery(API.trainings.courseProgress, input)
  const coursePath = `${blueprintManagePath(slug)}/${courseId}`
  return (
    <div className="mx-auto w-full max-w-5xl">
      <Link
        to={coursePath as never}
        className="mb-3 inline-flex min-h-11 items-center gap-2 rounded-lg text-sm text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('blueprint-editor.progress.back')}
      </Link>
      <PageHeader
        title={t('blueprint-editor.progress.title', { title: course.data?.title ?? '' })}
        description={t('blueprint-editor.progress.text')}
      />
      {!online && (
        <p
          className="mb-4 flex items-start gap-2 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink"
          data-testid="progress-offline"
        >
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          {q.data ? t('blueprint-editor.progress.offlineKept') : t('blueprint-editor.progress.offline')}
        </p>
      )}
      <EditorAnswer state={editorState(q, online)} retry={() => void q.refetch()}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState
              icon={<Users aria-hidden className="size-6" />}
              title={t('blueprint-editor.progress.emptyTitle')}
              description={t('blueprint-editor.progress.emptyText')}
            />
          ) : (
            <ProgressTable rows={sortedProgress(rows, sort, dir)} sort={sort} dir={dir} />
          )
        }
      </EditorAnswer>
    </div>
  )
}

const COLUMNS: { sort: CourseProgressSort; label: string }[] = [
  { sort: 'name', label: 'blueprint-editor.progress.employee' },
  { sort: 'done', label: 'blueprint-editor.progress.done' },
  { sort: 'startedAt', label: 'blueprint-editor.progress.startedAt' },
  { sort: 'completedAt', label: 'blueprint-editor.progress.completedAt' },
]

/** A column head that sorts by it (again: the other way round). */
function SortLink({ column, label, sort, dir }: { column: CourseProgressSort; label: string; sort: string; dir: Dir }) {
  const { t } = useTranslation()
  const active = sort === column
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown
  return (
    <Link
      to="."
      search={{ sort: column, dir: active && dir === 'asc' ? 'desc' : 'asc' }}
      replace
      className="inline-flex min-h-11 items-center gap-1 rounded-lg font-medium text-ink hover:underline"
      aria-label={t('blueprint-editor.progress.sortBy', { column: label })}
      data-testid={`sort-${column}`}
    >
      {label}
      <Icon aria-hidden className={active ? 'size-4' : 'size-4 text-muted'} />
    </Link>
  )
}

function ProgressTable({ rows, sort, dir }: { rows: CourseProgress[]; sort: string; dir: Dir }) {
  const { t } = useTranslation()
  const ariaSort = (column: string) => (sort === column ? (dir === 'asc' ? 'ascending' : 'descending') : undefined)
  return (
    <>
      {/* Tablet and desktop: one table. */}
      <div className="hidden overflow-hidden rounded-2xl border border-line bg-white md:block">
        <table className="w-full text-left text-sm" data-testid="progress-table">
          <thead className="border-b border-line bg-stone-25">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.sort} scope="col" className="px-4 py-1" aria-sort={ariaSort(c.sort)}>
                  <SortLink column={c.sort} label={t(c.label)} sort={sort} dir={dir} />
                </th>
              ))}
              <th scope="col" className="px-4 py-1 font-medium text-ink">
                {t('blueprint-editor.progress.certificate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.employeeId} className="border-b border-line last:border-0" data-testid="progress-row">
                <td className="px-4 py-3 font-medium break-words text-ink">{`${r.firstName} ${r.lastName}`}</td>
                <td className="px-4 py-3">
                  <DoneBadge row={r} />
                </td>
                <td className="px-4 py-3 text-muted">
                  {formatDate(r.startedAt) || t('blueprint-editor.progress.none')}
                </td>
                <td className="px-4 py-3 text-muted">
                  {formatDate(r.completedAt) || t('blueprint-editor.progress.none')}
                </td>
                <td className="px-4 py-2">
                  <CertificateCell row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phone: a card per employee, the sort links above them. */}
      <div className="md:hidden">
        <div className="mb-2 flex flex-wrap gap-x-4 text-sm">
          {COLUMNS.map((c) => (
            <SortLink key={c.sort} column={c.sort} label={t(c.label)} sort={sort} dir={dir} />
          ))}
        </div>
        <ul className="flex flex-col gap-3" data-testid="progress-cards">
          {rows.map((r) => (
            <li key={r.employeeId} className="rounded-2xl border border-line bg-white p-4" data-testid="progress-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words text-ink">{`${r.firstName} ${r.lastName}`}</span>
                <DoneBadge row={r} />
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted">{t('blueprint-editor.progress.startedAt')}</dt>
                <dd className="text-ink">{formatDate(r.startedAt) || t('blueprint-editor.progress.none')}</dd>
                <dt className="text-muted">{t('blueprint-editor.progress.completedAt')}</dt>
                <dd className="text-ink">{formatDate(r.completedAt) || t('blueprint-editor.progress.none')}</dd>
              </dl>
              {r.certificate && (
                <div className="mt-3">
                  <CertificateCell row={r} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}

function DoneBadge({ row }: { row: CourseProgress }) {
  const { t } = useTranslation()
  const complete = row.totalSegments > 0 && row.completedSegments === row.totalSegments
  return (
    <Badge tone={complete ? 'success' : row.completedSegments > 0 ? 'primary' : 'neutral'}>
      {t('blueprint-editor.progress.doneOf', { done: row.completedSegments, total: row.totalSegments })}
    </Badge>
  )
}

function CertificateCell({ row }: { row: CourseProgress }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const certificate = row.certificate
  if (!certificate) return <span className="text-muted">{t('blueprint-editor.progress.none')}</span>
  const name = `${row.firstName} ${row.lastName}`
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs text-ink">{formatCertificateCode(certificate.code)}</span>
      <Button
        variant="ghost"
        loading={busy}
        disabled={!online}
        aria-label={t('blueprint-editor.progress.downloadFor', { name })}
        onClick={async () => {
          if (!replica) return
          setBusy(true)
          try {
            await downloadCertificate(replica.orgId, certificate)
          } catch (err) {
            notify({ type: 'error', message: errorText(err) })
          } finally {
            setBusy(false)
          }
        }}
      >
        <Download aria-hidden className="size-4" />
      </Button>
    </span>
  )
}
