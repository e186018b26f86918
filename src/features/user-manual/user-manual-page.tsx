import { keepPreviousData } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { BookOpen, CloudOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type TrainingCourseListed } from '../../../contract/trainings'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import { Button, EmptyState, FormError, ListSkeleton, PageHeader, TextField, useApiErrorMessage } from '../../ui'
import { useOnline } from '../app/use-online'
import { ManualCourse } from './manual-course'
import { useManualWithPage } from './use-manual-page'

type Props = { q?: string; course?: string; page?: string }

const FROM = '/$slug/admin/manual'

/**
 * The platform's user manual (issue 24), for every employee: the manuals (or, searched, those
 * that hold every word, with the pages that do) beside the open one. `page` is a page's key (or
 * id): every screen's Help button links here with its own key. Online only for now: manuals are
 * the platform's, outside the organisation's replica.
 */
export function UserManualPage({ q, course, page }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const navigate = useNavigate({ from: FROM })
  const list = useApiQuery(
    API.userManuals.listCourses,
    { query: q ? { q } : {} },
    { placeholderData: keepPreviousData },
  )
  const byPage = useManualWithPage(!course ? page : undefined)
  const openId = course ?? byPage.data?.course.id
  const open = useApiQuery(API.userManuals.getCourse, openId ? { params: { id: openId } } : null)
  const setSearch = (next: Props) => void navigate({ replace: true, search: (prev) => ({ ...prev, ...next }) })
  const focus = open.data?.modules.flatMap((m) => m.segments).find((s) => s.slug === page || s.id === page)?.id

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title={t('user-manual.title')} description={t('user-manual.description')} />
      {!online && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-3 text-sm text-[#7a5209]"
        >
          <CloudOff aria-hidden className="size-4 shrink-0" />
          {t('user-manual.offline')}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-label={t('user-manual.contents')} className="flex flex-col gap-4">
          <search>
            <TextField
              label={t('user-manual.search')}
              hint={t('user-manual.searchHint')}
              type="search"
              value={q ?? ''}
              onChange={(e) => setSearch({ q: e.target.value || undefined })}
              data-testid="manual-search"
            />
          </search>
          <ManualList query={list} q={q} openId={openId} />
        </nav>
        <div className="min-w-0">
          {page && !course && byPage.data === null && (
            <p role="status" className="mb-4 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">
              {t('user-manual.pageMissing')}
            </p>
          )}
          {open.data && <ManualCourse course={open.data} focus={focus} />}
          {openId && open.isError && <Failed error={open.error} onRetry={() => void open.refetch()} />}
        </div>
      </div>
    </div>
  )
}

function ManualList(p: {
  query: { data?: TrainingCourseListed[]; isError: boolean; error: unknown; refetch: () => unknown }
  q?: string
  openId?: string
}) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  if (p.query.isError && !p.query.data) return <Failed error={p.query.error} onRetry={() => void p.query.refetch()} />
  if (!p.query.data) return <ListSkeleton rows={3} label={t('user-manual.loading')} />
  if (p.query.data.length === 0)
    return (
      <EmptyState
        icon={<BookOpen aria-hidden className="size-6" />}
        title={p.q ? t('user-manual.noResults', { q: p.q }) : t('user-manual.empty')}
      />
    )
  return (
    <div className="flex flex-col gap-2">
      {p.q && (
        <p role="status" className="text-sm text-muted">
          {t('user-manual.results', { count: p.query.data.length })}
        </p>
      )}
      <ul className="flex flex-col gap-1" data-testid="manual-list">
        {p.query.data.map((c) => (
          <li key={c.id}>
            <Link
              from={FROM}
              to="."
              search={{ q: p.q, course: c.id }}
              aria-current={c.id === p.openId ? 'page' : undefined}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-ink hover:bg-primary-lighter aria-[current=page]:bg-primary-light"
            >
              {inLanguage(c.title, c.titleEn, lang)}
            </Link>
            {c.hits && c.hits.length > 0 && (
              <ul className="mb-2 ml-3 flex flex-col border-l border-line pl-2">
                {c.hits.map((h) => (
                  <li key={h.segmentId}>
                    <Link
                      from={FROM}
                      to="."
                      search={{ q: p.q, course: c.id, page: h.slug ?? h.segmentId }}
                      className="flex min-h-11 items-center rounded-lg px-2 text-sm text-primary-dark underline hover:bg-primary-lighter"
                    >
                      {inLanguage(h.title, h.titleEn, lang)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError text={errorText(error) || t('user-manual.error')} />
      <Button variant="secondary" onClick={onRetry}>
        {t('user-manual.retry')}
      </Button>
    </div>
  )
}
