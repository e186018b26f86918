import { keepPreviousData } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { ScrollText, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AUDIT_EVENTS, type AuditEvent } from '../../../../contract/audit'
import type { GlobalAuditEntry } from '../../../../contract/global-organisations'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, DateField, EmptyState, formatDateTime, PageHeader, SelectField } from '../../../ui'
import { GlobalAnswer } from '../global-states'
import { Pager } from '../pager'

const FROM = '/global-admin/audit'
const PAGE_SIZE = 50
const ACTOR_KINDS = ['globalAdmin', 'employee', 'customer', 'system'] as const
type ActorKind = (typeof ACTOR_KINDS)[number]

/** dd-mm-yyyy (the app's date format, local time) → the first or last moment of that day, as ISO. */
const dayBound = (day: string | undefined, end: boolean) => {
  const m = day?.match(/^(\d{2})-(\d{2})-(\d{4})$/)
  if (!m) return undefined
  const d = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]) + (end ? 1 : 0))
  if (end) d.setMilliseconds(-1)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}

type Filter = {
  organisationId?: string
  actorKind?: ActorKind
  event?: AuditEvent
  from?: string
  to?: string
  page?: number
}

/**
 * The platform audit (issue 23): who did what, newest first, filtered by organisation (from an
 * organisation's screen), kind of actor, event and days; the filters live in the URL.
 */
export function AuditPage() {
  const { t } = useTranslation()
  const search = useSearch({ from: FROM })
  const navigate = useNavigate({ from: FROM })
  const page = search.page ?? 1
  const query = useApiQuery(
    API.globalAudit.list,
    {
      as: 'globalAdmin',
      query: {
        organisationId: search.organisationId,
        actorKind: search.actorKind,
        event: search.event,
        from: dayBound(search.from, false),
        to: dayBound(search.to, true),
        page,
        pageSize: PAGE_SIZE,
      },
    },
    { placeholderData: keepPreviousData },
  )
  const setFilter = (next: Filter) =>
    void navigate({
      replace: true,
      search: (prev) => {
        const m = { ...prev, ...next }
        return {
          organisationId: m.organisationId || undefined,
          actorKind: m.actorKind || undefined,
          event: m.event || undefined,
          from: m.from || undefined,
          to: m.to || undefined,
          page: 'page' in next && next.page && next.page > 1 ? next.page : undefined,
        }
      },
    })
  const eventLabel = (e: string) => t(`global-audit.events.${e}`, { defaultValue: e })
  const filtered = !!(search.organisationId || search.actorKind || search.event || search.from || search.to)
  const orgName = query.data?.items.find((i) => i.organisation?.id === search.organisationId)?.organisation?.name

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t('global-audit.title')} description={t('global-audit.description')} />
      <search className="mb-4 flex flex-col gap-3">
        {search.organisationId && (
          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="audit-organisation-filter">
            <span className="text-muted">{t('global-audit.organisation')}:</span>
            <span className="font-medium text-ink">{orgName ?? search.organisationId}</span>
            <Button variant="ghost" onClick={() => setFilter({ organisationId: undefined })}>
              <X aria-hidden className="size-4" /> {t('global-audit.allOrganisations')}
            </Button>
          </div>
        )}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label={t('global-audit.actor')}
            value={search.actorKind ?? ''}
            options={[
              { value: '', label: t('global-audit.allActors') },
              ...ACTOR_KINDS.map((k) => ({ value: k, label: t(`global-audit.actorKinds.${k}`) })),
            ]}
            onChange={(e) => setFilter({ actorKind: (e.target.value || undefined) as ActorKind | undefined })}
            data-testid="audit-actor-filter"
          />
          <SelectField
            label={t('global-audit.event')}
            value={search.event ?? ''}
            options={[
              { value: '', label: t('global-audit.allEvents') },
              ...AUDIT_EVENTS.map((e) => ({ value: e, label: eventLabel(e) })).sort((a, b) =>
                a.label.localeCompare(b.label),
              ),
            ]}
            onChange={(e) => setFilter({ event: (e.target.value || undefined) as AuditEvent | undefined })}
            data-testid="audit-event-filter"
          />
          <DateField
            label={t('global-audit.from')}
            value={search.from ?? ''}
            onChange={(v) => setFilter({ from: v })}
          />
          <DateField label={t('global-audit.to')} value={search.to ?? ''} onChange={(v) => setFilter({ to: v })} />
        </div>
      </search>
      <GlobalAnswer query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={<ScrollText aria-hidden className="size-6" />}
              title={t('global-audit.emptyTitle')}
              description={filtered ? t('global-audit.emptyFiltered') : t('global-audit.empty')}
              action={
                filtered && (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      setFilter({
                        organisationId: undefined,
                        actorKind: undefined,
                        event: undefined,
                        from: undefined,
                        to: undefined,
                      })
                    }
                  >
                    {t('global-audit.clearFilters')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <ol
                className="flex flex-col divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
                aria-label={t('global-audit.list')}
                aria-busy={query.isFetching && query.isPlaceholderData}
                data-testid="audit-list"
              >
                {data.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} eventLabel={eventLabel} />
                ))}
              </ol>
              <Pager page={data.page} pages={null} hasMore={data.hasMore} onPage={(p) => setFilter({ page: p })} />
            </>
          )
        }
      </GlobalAnswer>
    </div>
  )
}

function AuditRow({ entry, eventLabel }: { entry: GlobalAuditEntry; eventLabel: (e: string) => string }) {
  const { t } = useTranslation()
  const actor = entry.actor
  const who = actor
    ? `${actor.name ?? actor.email ?? t(`global-audit.actorKinds.${actor.kind}`, { defaultValue: actor.kind })}${
        actor.email && actor.name ? ` (${actor.email})` : ''
      }`
    : t('global-audit.actorKinds.system')
  const reason = (entry.data as { reason?: unknown } | null)?.reason
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm md:px-5" data-testid="audit-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-ink">{eventLabel(entry.event)}</span>
        <time className="text-muted" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <span className="text-muted [overflow-wrap:anywhere]">
        {actor ? `${t(`global-audit.actorKinds.${actor.kind}`, { defaultValue: actor.kind })}: ` : ''}
        {who}
      </span>
      {entry.organisation && (
        <Link
          to="/global-admin/organisations/$id"
          params={{ id: entry.organisation.id }}
          className="self-start text-primary-dark underline underline-offset-2 [overflow-wrap:anywhere]"
        >
          {entry.organisation.name ?? t('global-audit.removedOrganisation')}
        </Link>
      )}
      {typeof reason === 'string' && reason && <span className="text-ink">{t('global-audit.reason', { reason })}</span>}
    </li>
  )
}
