import { IdCard } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardElement, DashboardModule, ElementSize } from '../../../contract/dashboard'
import type { LocalCustomer } from '../../local-db/types'
import { cx } from '../../ui/cx'
import { EmptyState, ListSkeleton } from '../../ui/feedback'
import { CustomerAdvicePanel } from '../advice/customer/customer-advice-panel'
import { DocumentsCardModule } from '../documents/sending/documents-card-module'
import { useCan } from '../auth/use-can'
import { useCustomFields } from '../custom-fields/use-custom-fields'
import { AnswerView } from '../questionnaire-fill/answer-view'
import { SkinAnalysisSection } from '../skin-analysis/skin-analysis-section'
import { useReplica } from '../sync/replica-context'
import { useCondensedMode } from '../theme/theme'
import { useFormatPhone } from '../auth/phone-region'
import { type CardContext, type ResolvedElement, resolveElement } from './card-elements'
import { type CardSetup, useCardSetup, useLatestAnswers } from './use-card'

/*
 * The customer card (issue 11): the branch's configured modules for one customer, from the
 * replica (offline too). The Documents module (issue 12) summarises the documents sent to the
 * customer and flags a consent form that needs new consent.
 */

/** Kinds the card renders today. */
const RENDERED = new Set(['Wishes', 'Wishes2', 'Skin', 'Vitality', 'Basic', 'Reporting', 'Advice', 'Documents'])

// Sized by the card's own width (container queries): the same card in the drawer and in the
// editor's narrow preview column.
const SIZE: Record<ElementSize, string> = {
  Short: '@md:col-span-6 @2xl:col-span-3',
  Default: '@md:col-span-6 @2xl:col-span-4',
  Long: '@md:col-span-12 @2xl:col-span-8',
  Max: '@md:col-span-12',
}

export function CustomerCardPanel({ customer }: { customer: LocalCustomer }) {
  const { t } = useTranslation()
  const setup = useCardSetup()
  return (
    <div role="tabpanel" aria-labelledby="customer-tab-card" data-testid="customer-card">
      {!setup ? (
        <ListSkeleton rows={3} label={t('customer-card.loading')} />
      ) : (
        <CardBody setup={setup} customer={customer} />
      )}
    </div>
  )
}

/** The card itself (also the editor's live preview, with a configuration not saved yet). */
export function CardBody({ setup, customer }: { setup: CardSetup; customer: LocalCustomer }) {
  const { t, i18n } = useTranslation()
  const condensed = useCondensedMode()
  const answers = useLatestAnswers(customer.id)
  const fields = useCustomFields()
  const canAdvice = useCan('advice.read')
  const canSkin = useCan('skinAnalysis.read')
  const canDocuments = useCan('customerDocuments.read')
  const formatPhone = useFormatPhone()
  const ctx = useMemo<CardContext | null>(
    () =>
      answers && fields
        ? {
            questionnaires: new Map(setup.questionnaires.map((q) => [q.id, q])),
            answers,
            customer,
            customFields: new Map(fields.map((f) => [f.id, f])),
            lang: i18n.language === 'en' ? 'en' : 'nl',
            t,
            formatPhone,
          }
        : null,
    [answers, fields, setup.questionnaires, customer, i18n.language, t, formatPhone],
  )
  if (!ctx) return <ListSkeleton rows={3} label={t('customer-card.loading')} />
  const modules = setup.config.modules.filter(
    (m) =>
      m.enabled &&
      RENDERED.has(m.kind) &&
      (m.kind !== 'Advice' || canAdvice) &&
      (m.kind !== 'Documents' || canDocuments) &&
      (m.kind !== 'Skin' || canSkin || m.elements.length > 0),
  )
  if (modules.length === 0)
    return (
      <EmptyState
        icon={<IdCard aria-hidden className="size-6" />}
        title={t('customer-card.noModulesTitle')}
        description={t('customer-card.noModules')}
      />
    )
  return (
    <div className={cx('flex flex-col', condensed ? 'gap-3' : 'gap-5')} data-condensed={condensed}>
      {modules.map((m) => (
        <ModuleCard key={m.kind} module={m} ctx={ctx} stale={setup.stale} condensed={condensed} canSkin={canSkin} />
      ))}
    </div>
  )
}

function ModuleCard({
  module: m,
  ctx,
  stale,
  condensed,
  canSkin,
}: {
  module: DashboardModule
  ctx: CardContext
  stale: Set<string>
  condensed: boolean
  canSkin: boolean
}) {
  const { t } = useTranslation()
  const shown = m.elements
    .filter((e) => !stale.has(e.id))
    .map((e) => ({ e, r: resolveElement(e, ctx) }))
    .filter((x): x is { e: DashboardElement; r: ResolvedElement } => x.r !== null)
  const title = t(`customer-card.kinds.${m.kind}`)
  return (
    <section
      aria-label={title}
      data-module={m.kind}
      className={cx('@container rounded-2xl border border-line bg-white', condensed ? 'p-3' : 'p-4 sm:p-5')}
    >
      <h3 className={cx('font-display text-ink', condensed ? 'mb-2 text-base' : 'mb-3 text-lg')}>{title}</h3>
      {m.kind === 'Advice' ? (
        <CustomerAdvicePanel customerId={ctx.customer.id} />
      ) : m.kind === 'Documents' ? (
        <DocumentsCardModule customerId={ctx.customer.id} condensed={condensed} />
      ) : (
        <>
          {shown.length > 0 ? (
            <dl
              className={cx('grid grid-cols-1 @md:grid-cols-12', condensed ? 'gap-x-3 gap-y-1.5' : 'gap-x-4 gap-y-3')}
            >
              {shown.map(({ e, r }) => (
                <Element key={e.id} e={e} r={r} condensed={condensed} />
              ))}
            </dl>
          ) : (
            m.kind !== 'Skin' && <p className="text-sm text-muted">{t('customer-card.noAnswers')}</p>
          )}
          {m.kind === 'Skin' && canSkin && (
            <div className={cx(shown.length > 0 && 'mt-4 border-t border-line pt-4')}>
              <SkinAnalysisSection customerId={ctx.customer.id} condensed={condensed} />
            </div>
          )}
        </>
      )}
    </section>
  )
}

/** One element: its label where the configuration puts it, the value, the postfix. */
export function Element({ e, r, condensed }: { e: DashboardElement; r: ResolvedElement; condensed: boolean }) {
  const replica = useReplica()
  const horizontal = e.labelPosition === 'left' || e.labelPosition === 'right'
  const value =
    r.kind === 'question' ? (
      r.value === undefined ? (
        <span className="text-muted">—</span>
      ) : (
        <AnswerView q={r.q} value={r.value} audience="employee" db={replica?.db ?? null} />
      )
    ) : r.text === null ? (
      <span className="text-muted">—</span>
    ) : (
      <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{r.text}</span>
    )
  return (
    <div
      data-element={e.id}
      className={cx(
        'flex min-w-0',
        SIZE[e.size],
        horizontal ? 'flex-row flex-wrap items-baseline gap-x-3' : 'flex-col gap-0.5',
        e.labelPosition === 'right' && 'flex-row-reverse justify-end',
        e.labelPosition === 'bottom' && 'flex-col-reverse',
      )}
    >
      {e.labelPosition === 'noLabel' ? (
        <dt className="sr-only">{r.label}</dt>
      ) : (
        <dt
          className={cx('text-muted', condensed ? 'text-xs' : 'text-sm', horizontal && 'shrink-0 truncate')}
          style={e.maxLabelWidth ? { maxWidth: e.maxLabelWidth } : undefined}
          title={r.label}
        >
          {r.label}
        </dt>
      )}
      <dd className={cx('min-w-0 text-ink', condensed ? 'text-sm' : 'text-base')}>
        {value}
        {e.labelPostfix && r.kind === 'question' && r.value !== undefined && (
          <span className="ml-1 text-muted">{e.labelPostfix}</span>
        )}
        {e.labelPostfix && r.kind === 'text' && r.text !== null && (
          <span className="ml-1 text-muted">{e.labelPostfix}</span>
        )}
      </dd>
    </div>
  )
}
