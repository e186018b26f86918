import { Link, useNavigate } from '@tanstack/react-router'
import { BookOpen, CloudOff } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { inLanguage, type TrainingCourseListed } from '../../../contract/trainings'
import { searchManuals, searchWords } from '../../../contract/trainings/search'
import { EmptyState, ListSkeleton, PageHeader, TextField } from '../../ui'
import { useOnline } from '../app/use-online'
import { ManualCourse } from './manual-course'
import { manualWithPage, useUserManuals } from './use-user-manuals'

type Props = { q?: string; course?: string; page?: string }

const FROM = '/$slug/admin/manual'

/**
 * The platform's user manual (issue 24), for every employee: the manuals (or, searched, those
 * that hold every word, with the pages that do) beside the open one. `page` is a page's key (or
 * id): every screen's Help button links here with its own key. Read from the device's copy, so it
 * works offline too; the search is the server's rule (contract/trainings/search.ts) on that copy.
 */
export function UserManualPage({ q, course, page }: Props) {
  const { t } = useTranslation()
  const online = useOnline()
  const navigate = useNavigate({ from: FROM })
  const manuals = useUserManuals()
  const courses = manuals?.courses
  const list = useMemo((): TrainingCourseListed[] | undefined => {
    if (!courses) return undefined
    const words = searchWords(q)
    return words.length ? searchManuals(courses, words) : courses.map(({ modules: _, ...c }) => c)
  }, [courses, q])
  const byPage = !course && page && courses ? manualWithPage(courses, page) : undefined
  const openId = course ?? byPage?.id
  const open = courses?.find((c) => c.id === openId)
  const setSearch = (next: Props) => void navigate({ replace: true, search: (prev) => ({ ...prev, ...next }) })
  const focus = open?.modules.flatMap((m) => m.segments).find((s) => s.slug === page || s.id === page)?.id
  const notSaved = manuals !== undefined && !manuals.saved

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title={t('user-manual.title')} description={t('user-manual.description')} />
      {!online && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg bg-[#fbf1dc] px-3 py-3 text-sm text-[#7a5209]"
          data-testid="manual-offline"
        >
          <CloudOff aria-hidden className="size-4 shrink-0" />
          {notSaved ? t('user-manual.notSaved') : t('user-manual.offline')}
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
          <ManualList list={notSaved ? undefined : list} q={q} openId={openId} />
        </nav>
        <div className="min-w-0">
          {page && !course && manuals?.saved && !byPage && (
            <p role="status" className="mb-4 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink">
              {t('user-manual.pageMissing')}
            </p>
          )}
          {open && <ManualCourse course={open} focus={focus} />}
        </div>
      </div>
    </div>
  )
}

function ManualList(p: { list?: TrainingCourseListed[]; q?: string; openId?: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  if (!p.list) return <ListSkeleton rows={3} label={t('user-manual.loading')} />
  if (p.list.length === 0)
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
          {t('user-manual.results', { count: p.list.length })}
        </p>
      )}
      <ul className="flex flex-col gap-1" data-testid="manual-list">
        {p.list.map((c) => (
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
