import { Link } from '@tanstack/react-router'
import { ArrowLeft, Ban, Pencil, PlayCircle, ScrollText, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GlobalOrganisationDetail } from '../../../../contract/global-organisations'
import { API } from '../../../api/client'
import { useApiQuery } from '../../../api/query'
import { Button, formatDate, formatDateTime } from '../../../ui'
import { PlanUsage } from '../../subscription/plan-usage'
import { GlobalAnswer } from '../global-states'
import { Card } from './card'
import { DeleteDialog } from './delete-dialog'
import { EmployeeActions } from './employee-actions'
import { OrganisationDrawer } from './organisation-drawer'
import { PaymentsSection } from './payments-section'
import { OrganisationStatusBadge } from './status-badge'
import { ReactivateDialog, SuspendDialog } from './suspend-dialog'

type Open = 'edit' | 'suspend' | 'reactivate' | 'delete' | null

/** One organisation as the global admin sees it (issue 23): overview and usage, branches, team, payments. */
export function OrganisationPage({ id }: { id: string }) {
  const { t } = useTranslation()
  const query = useApiQuery(API.globalOrganisations.get, { as: 'globalAdmin', params: { id } })
  const [open, setOpen] = useState<Open>(null)
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link
        to="/global-admin/organisations"
        className="-ml-3 inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-3 text-sm font-medium text-primary-dark hover:bg-primary-light"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t('global-organisations.title')}
      </Link>
      <GlobalAnswer query={query} rows={3}>
        {(d) => (
          <>
            <Header d={d} onOpen={setOpen} />
            <Overview d={d} />
            <PlanUsage usage={d.usage} limits={d.limits} />
            <Card
              title={t('global-organisations.branches', { count: d.branches.length })}
              testId="organisation-branches"
            >
              <ul className="flex flex-col divide-y divide-line">
                {d.branches.map((b) => (
                  <li key={b.id} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
                    <span className="font-medium text-ink">{b.name}</span>
                    <span className="text-muted">
                      {t('global-organisations.since', { date: formatDate(b.createdAt) })}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
            <Card
              title={t('global-organisations.employees', { count: d.employees.length })}
              testId="organisation-employees"
            >
              <ul className="flex flex-col divide-y divide-line">
                {d.employees.map((e) => (
                  <li
                    key={e.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                    data-testid="organisation-employee"
                  >
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium text-ink">
                        {e.firstName} {e.lastName}
                      </span>
                      <span className="text-muted [overflow-wrap:anywhere]">{e.email}</span>
                      <span className="text-muted">{e.roles.join(', ') || t('global-organisations.noRoles')}</span>
                    </div>
                    <EmployeeActions organisationId={d.organisation.id} employee={e} />
                  </li>
                ))}
              </ul>
            </Card>
            <PaymentsSection d={d} />
            <OrganisationDrawer open={open === 'edit'} detail={d} onClose={() => setOpen(null)} />
            {open === 'suspend' && <SuspendDialog detail={d} onClose={() => setOpen(null)} />}
            {open === 'reactivate' && <ReactivateDialog detail={d} onClose={() => setOpen(null)} />}
            {open === 'delete' && <DeleteDialog detail={d} onClose={() => setOpen(null)} />}
          </>
        )}
      </GlobalAnswer>
    </div>
  )
}

function Header({ d, onOpen }: { d: GlobalOrganisationDetail; onOpen: (o: Open) => void }) {
  const { t } = useTranslation()
  const live = d.status !== 'deletedPending'
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl text-ink [overflow-wrap:anywhere]">{d.organisation.companyName}</h1>
        <OrganisationStatusBadge status={d.status} />
      </div>
      <p className="text-sm text-muted">
        {d.organisation.legalName} · /{d.organisation.slug}
      </p>
      <div className="flex flex-wrap gap-2">
        {live && (
          <Button variant="secondary" onClick={() => onOpen('edit')}>
            <Pencil aria-hidden className="size-4" /> {t('global-organisations.edit')}
          </Button>
        )}
        {live &&
          (d.suspension ? (
            <Button variant="secondary" onClick={() => onOpen('reactivate')}>
              <PlayCircle aria-hidden className="size-4" /> {t('global-organisations.reactivate')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onOpen('suspend')}>
              <Ban aria-hidden className="size-4" /> {t('global-organisations.suspend')}
            </Button>
          ))}
        <Link
          to="/global-admin/audit"
          search={{ organisationId: d.organisation.id }}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:border-primary hover:bg-primary-lighter"
        >
          <ScrollText aria-hidden className="size-4" /> {t('global-organisations.viewAudit')}
        </Link>
        {live && (
          <Button variant="danger" onClick={() => onOpen('delete')}>
            <Trash2 aria-hidden className="size-4" /> {t('global-organisations.delete')}
          </Button>
        )}
      </div>
    </div>
  )
}

function Overview({ d }: { d: GlobalOrganisationDetail }) {
  const { t, i18n } = useTranslation()
  const o = d.organisation
  const plan = d.plan ? (i18n.language === 'en' ? d.plan.nameEn : d.plan.nameNl) : t('global-organisations.noPlan')
  const rows: [string, ReactNode][] = [
    [t('global-organisations.plan'), plan],
    [t('global-organisations.validTo'), d.subscription ? formatDate(d.subscription.validTo) : '—'],
    [
      t('global-organisations.lastActivityLabel'),
      d.lastActivityAt ? formatDateTime(d.lastActivityAt) : t('global-organisations.noActivity'),
    ],
    [t('global-organisations.created'), formatDate(o.createdAt)],
    [t('organisation.contactPerson'), o.contactPerson],
    [t('organisation.vatNumber'), o.vatNumber],
    [
      t('global-organisations.address'),
      [o.addressLine1, o.addressLine2, `${o.postalCode} ${o.city}`, o.country].filter(Boolean).join(', '),
    ],
  ]
  return (
    <Card title={t('global-organisations.overview')} testId="organisation-overview">
      {d.suspension && (
        <p
          className="mb-4 rounded-xl border border-[#eec5c1] bg-[#f8e7e5] p-3 text-sm text-[#6e2420]"
          data-testid="suspension-notice"
        >
          {t('global-organisations.suspendedSince', {
            date: formatDateTime(d.suspension.at),
            reason: d.suspension.reason,
          })}
        </p>
      )}
      {d.deletion && (
        <p className="mb-4 rounded-xl border border-line bg-canvas p-3 text-sm text-ink" data-testid="deletion-notice">
          {t('global-organisations.deletedSince', {
            date: formatDateTime(d.deletion.at),
            purge: formatDate(d.deletion.purgeAfter),
          })}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-muted">{label}</dt>
            <dd className="text-ink [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
