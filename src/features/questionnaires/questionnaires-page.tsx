import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { ClipboardList, Search } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { QUESTIONNAIRE_KINDS } from '../../../contract/questionnaires'
import { SelectField, TextField } from '../../ui'
import { ListPage } from '../../ui/list-page'
import { useOnline } from '../app/use-online'
import { useQuestionnaires } from '../sync/use-questionnaires'
import { QuestionnaireList, QuestionnaireListSkeleton } from './questionnaire-list'
import { useCan } from '../auth/use-can'

type ListSearch = { search?: string; kind?: (typeof QUESTIONNAIRE_KINDS)[number] }
const FROM = '/$slug/admin/questionnaires'

/** The organisation's questionnaires from the replica (works offline); search and kind in the URL. */
export function QuestionnairesPage() {
  const { t } = useTranslation()
  const params = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const { slug } = useParams({ from: FROM })
  const online = useOnline()
  const canManage = useCan('questionnaires.manage')
  const search = params.search ?? ''
  const kind = params.kind
  const all = useQuestionnaires({ includeHidden: true })
  const needle = search.trim().toLowerCase()
  const items = all?.filter((q) => (!kind || q.kind === kind) && (!needle || q.name.toLowerCase().includes(needle)))

  const setParams = (next: ListSearch) =>
    void navigate({ replace: true, search: (prev) => ({ ...prev, ...next, search: next.search || undefined }) })
  const openNew = () => void navigate({ to: '/$slug/admin/questionnaires/new', params: { slug } })

  return (
    <ListPage
      width="w-full max-w-6xl"
      title={t('questionnaires.title')}
      description={t('questionnaires.description')}
      add={{
        label: t('questionnaires.new'),
        onClick: openNew,
        allowed: canManage,
        online,
        needsConnection: t('questionnaires.needsConnection'),
      }}
      items={all}
      shown={items}
      skeleton={<QuestionnaireListSkeleton />}
      empty={{
        icon: <ClipboardList aria-hidden className="size-6" />,
        title: t('questionnaires.emptyTitle'),
        description: t('questionnaires.emptyDescription'),
        readOnly: t('questionnaires.emptyReadOnly'),
      }}
      noMatch={{
        icon: <Search aria-hidden className="size-6" />,
        title: t('questionnaires.noResultsTitle'),
        description: t('questionnaires.noResultsDescription'),
      }}
      before={
        <>
          {canManage && !online && <p className="mb-4 text-sm text-muted">{t('questionnaires.newNeedsConnection')}</p>}
          <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,24rem)_minmax(0,16rem)] sm:items-end">
            <div className="relative">
              <TextField
                label={<span className="sr-only">{t('questionnaires.searchLabel')}</span>}
                type="search"
                value={search}
                placeholder={t('questionnaires.searchPlaceholder')}
                onChange={(e) => setParams({ search: e.target.value, kind })}
                className="pl-10"
              />
              <Search aria-hidden className="pointer-events-none absolute bottom-3 left-3.5 size-5 text-muted" />
            </div>
            <SelectField
              label={<span className="sr-only">{t('questionnaires.kindFilter')}</span>}
              value={kind ?? ''}
              onChange={(e) => setParams({ search, kind: QUESTIONNAIRE_KINDS.find((k) => k === e.target.value) })}
              options={[
                { value: '', label: t('questionnaires.allKinds') },
                ...QUESTIONNAIRE_KINDS.map((k) => ({ value: k, label: t(`questionnaires.kinds.${k}`) })),
              ]}
            />
          </div>
        </>
      }
    >
      {(items) => <QuestionnaireList items={items} />}
    </ListPage>
  )
}
