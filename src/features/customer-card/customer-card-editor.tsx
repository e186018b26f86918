import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2, TriangleAlert, WifiOff } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ADVICE_OPERATORS, type AdviceOperator } from '../../../contract/conditions/advice'
import {
  CUSTOMER_CARD_FIELDS,
  type DashboardElement,
  type DashboardModule,
  ELEMENT_SIZES,
  ELEMENT_TYPES,
  KINDS_WITH_FIELDS,
  KINDS_WITHOUT_ELEMENTS,
  LABEL_POSITIONS,
  MODULE_GROUPS,
  ZSaveDashboardConfiguration,
} from '../../../contract/dashboard'
import { isAnswerable } from '../../../contract/questionnaires/questions'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { pingSync } from '../../local-db/mutations'
import {
  Badge,
  Button,
  cx,
  EmptyState,
  ListSkeleton,
  EntityFormElement,
  notify,
  PageHeader,
  SelectField,
  TextField,
  useEntityForm,
} from '../../ui'
import { getSession } from '../auth/session'
import { useCan } from '../auth/use-can'
import { useCustomFields } from '../custom-fields/use-custom-fields'
import { moveItem } from '../questionnaires/editor-state'
import { usePointerReorder } from '../questionnaires/use-pointer-reorder'
import { useReplica } from '../sync/replica-context'
import { useOnline } from '../app/use-online'
import { useLiveQuery } from 'dexie-react-hooks'
import { CardBody } from './customer-card-panel'
import { type CardSetup, useCardSetup } from './use-card'

/*
 * `/{slug}/admin/customer-card` (issue 11): the branch's customer card. Modules on or off and in
 * order (drag the handle, or the arrow buttons / Alt+arrow keys), their elements with every
 * setting, and a live preview on a real customer of the branch. Saved online only (the server
 * checks every element against the questionnaires); readers see it read-only.
 */

let seq = 0
const newElementId = () => `el-${Date.now().toString(36)}-${(seq++).toString(36)}`

export function CustomerCardEditorPage() {
  const { t } = useTranslation()
  const setup = useCardSetup()
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col">
      <PageHeader title={t('customer-card.title')} description={t('customer-card.description')} />
      {!setup ? <ListSkeleton rows={4} label={t('customer-card.loading')} /> : <Editor setup={setup} />}
    </div>
  )
}

/**
 * The card's layout on the form engine: the contract's checks before sending, the server's field
 * messages on their fields (the cursor on the first), an untouched layout follows the sync, and
 * read-only for those who may not manage it.
 */
function Editor({ setup }: { setup: CardSetup }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const canManage = useCan('dashboardConfiguration.manage')
  const form = useEntityForm({
    schema: ZSaveDashboardConfiguration,
    initial: setup.config,
    // A configuration arriving through the sync replaces an untouched draft.
    follow: true,
    toInput: (config) => ({ config }),
    fieldOf: (path) => path.replace(/^config\./, ''),
    readOnly: !canManage,
    submit: async ({ config }) => {
      const session = getSession('employee')
      if (!session || !replica) return
      const saved = await apiCall(API.dashboardConfigurations.save, {
        params: { org: session.employee.organisationId, salon: replica.salonId },
        body: { config },
      })
      const { isDefault: _d, problems: _p, ...row } = saved
      await replica.db.dashboardConfigurations.put(row)
      pingSync(replica.db)
      form.reset(saved.config)
      notify({ type: 'success', message: t('customer-card.saved') })
    },
  })
  const draft = form.values
  const setModule = (i: number, m: DashboardModule) =>
    form.set(
      'modules',
      draft.modules.map((x, j) => (j === i ? m : x)),
    )
  const moveModule = (from: number, to: number) => form.set('modules', moveItem(draft.modules, from, to))
  const drag = usePointerReorder(draft.modules.length, moveModule)

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <EntityFormElement
        form={form}
        id="customer-card-form"
        aria-labelledby="card-modules-title"
        className="flex min-w-0 flex-col gap-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="card-modules-title" className="font-display text-xl text-ink">
            {t('customer-card.modules')}
          </h2>
          {setup.isDefault && !form.isDirty && <Badge>{t('customer-card.isDefault')}</Badge>}
        </div>
        {!canManage && <p className="rounded-xl bg-canvas p-3 text-sm text-muted">{t('customer-card.readOnly')}</p>}
        <p id="card-reorder-help" className="text-sm text-muted">
          {t('customer-card.reorderHelp')}
        </p>
        <ol ref={drag.listRef} className="flex flex-col gap-3">
          {draft.modules.map((m, i) => {
            const d = drag.itemProps(i)
            return (
              <li
                key={m.kind}
                data-module-editor={m.kind}
                className={cx(
                  '@container rounded-2xl border bg-white p-3 sm:p-4',
                  d.dragging ? 'border-primary-dark shadow-lg' : 'border-line',
                  d.dropMark === 'before' && 'border-t-4 border-t-primary-dark',
                  d.dropMark === 'after' && 'border-b-4 border-b-primary-dark',
                )}
              >
                <ModuleEditor
                  module={m}
                  index={i}
                  count={draft.modules.length}
                  setup={setup}
                  errors={form.messages}
                  onChange={(next) => setModule(i, next)}
                  onMove={(to) => moveModule(i, to)}
                  handle={d.handle}
                  canManage={canManage}
                />
              </li>
            )
          })}
        </ol>
        {canManage && (
          <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-canvas/95 px-1 py-3 backdrop-blur">
            {!online && (
              <p className="mr-auto flex items-center gap-2 text-sm text-muted" role="status">
                <WifiOff aria-hidden className="size-4" /> {t('customer-card.offline')}
              </p>
            )}
            <Button variant="secondary" disabled={!form.isDirty || form.isBusy} onClick={() => form.reset()}>
              {t('customer-card.undo')}
            </Button>
            <Button type="submit" loading={form.isBusy} disabled={!online || (!form.isDirty && !setup.isDefault)}>
              {t('common.save')}
            </Button>
          </div>
        )}
      </EntityFormElement>
      <Preview setup={{ ...setup, config: draft }} />
    </div>
  )
}

type Handle = ReturnType<ReturnType<typeof usePointerReorder>['itemProps']>['handle']

function ModuleEditor({
  module: m,
  index,
  count,
  setup,
  errors,
  onChange,
  onMove,
  handle,
  canManage,
}: {
  module: DashboardModule
  index: number
  count: number
  setup: CardSetup
  errors: Record<string, string>
  onChange: (m: DashboardModule) => void
  onMove: (to: number) => void
  handle: Handle
  canManage: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const title = t(`customer-card.kinds.${m.kind}`)
  const sources = useSourceOptions(m, setup)
  const noElements = KINDS_WITHOUT_ELEMENTS.includes(m.kind)
  const setElement = (j: number, e: DashboardElement) =>
    onChange({ ...m, elements: m.elements.map((x, k) => (k === j ? e : x)) })
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {canManage && (
          <button
            type="button"
            {...handle}
            aria-label={t('customer-card.dragModule', { name: title })}
            aria-describedby="card-reorder-help"
            onKeyDown={(e) => {
              if (e.altKey && e.key === 'ArrowUp') onMove(index - 1)
              if (e.altKey && e.key === 'ArrowDown') onMove(index + 1)
            }}
            className="flex size-11 touch-none cursor-grab items-center justify-center rounded-lg text-muted hover:bg-canvas"
          >
            <GripVertical aria-hidden className="size-5" />
          </button>
        )}
        <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={m.enabled}
            onChange={(e) => onChange({ ...m, enabled: e.target.checked })}
            className="size-5 accent-primary-dark"
          />
          <span className="font-medium text-ink">{title}</span>
        </label>
        {canManage && (
          <>
            <Button
              variant="secondary"
              aria-label={t('customer-card.moveUp', { name: title })}
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
            >
              <ArrowUp aria-hidden className="size-4" />
            </Button>
            <Button
              variant="secondary"
              aria-label={t('customer-card.moveDown', { name: title })}
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
            >
              <ArrowDown aria-hidden className="size-4" />
            </Button>
          </>
        )}
        {!noElements && (
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('customer-card.elementsCount', { count: m.elements.length })}
          </Button>
        )}
      </div>
      {open && !noElements && (
        <div className="flex flex-col gap-3 border-t border-line pt-3">
          {m.elements.length === 0 && <p className="text-sm text-muted">{t('customer-card.noElements')}</p>}
          {m.elements.map((e, j) => (
            <ElementEditor
              key={e.id}
              e={e}
              stale={setup.stale.has(e.id)}
              error={errors[`modules.${index}.elements.${j}.source`]}
              sources={sources}
              onChange={(next) => setElement(j, next)}
              onRemove={() => onChange({ ...m, elements: m.elements.filter((_, k) => k !== j) })}
              onMove={(d) => onChange({ ...m, elements: moveItem(m.elements, j, j + d) })}
              first={j === 0}
              last={j === m.elements.length - 1}
            />
          ))}
          {canManage && sources.length > 0 && (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() =>
                onChange({
                  ...m,
                  elements: [
                    ...m.elements,
                    {
                      id: newElementId(),
                      type: 'Direct',
                      labelPosition: 'top',
                      label: '',
                      labelPostfix: '',
                      maxLabelWidth: null,
                      size: 'Default',
                      source: sources[0].source,
                      condition: null,
                    },
                  ],
                })
              }
            >
              <Plus aria-hidden className="size-4" /> {t('customer-card.addElement')}
            </Button>
          )}
          {sources.length === 0 && <p className="text-sm text-muted">{t('customer-card.noSources')}</p>}
        </div>
      )}
    </div>
  )
}

type SourceOption = { value: string; label: string; source: DashboardElement['source'] }
const sourceKey = (s: DashboardElement['source']) =>
  s.kind === 'question'
    ? `q:${s.questionnaireId}:${s.questionId}`
    : s.kind === 'field'
      ? `f:${s.field}`
      : `c:${s.fieldId}`

/** What an element of this module may show: questions of its section group, and fields for Basic/Reporting. */
function useSourceOptions(m: DashboardModule, setup: CardSetup): SourceOption[] {
  const { t } = useTranslation()
  const customFields = useCustomFields()
  return useMemo(() => {
    const groups = MODULE_GROUPS[m.kind]
    const out: SourceOption[] = []
    for (const qn of setup.questionnaires)
      for (const q of qn.questions)
        if (isAnswerable(q) && (groups === null || (q.group !== null && groups.includes(q.group))))
          out.push({
            value: `q:${qn.id}:${q.id}`,
            label: `${qn.name} — ${q.name}`,
            source: { kind: 'question', questionnaireId: qn.id, questionId: q.id },
          })
    if (KINDS_WITH_FIELDS.includes(m.kind)) {
      for (const f of CUSTOMER_CARD_FIELDS)
        out.push({ value: `f:${f}`, label: t(`customer-card.fields.${f}`), source: { kind: 'field', field: f } })
      for (const f of customFields ?? [])
        out.push({ value: `c:${f.id}`, label: f.displayName, source: { kind: 'customField', fieldId: f.id } })
    }
    return out
  }, [m.kind, setup.questionnaires, customFields, t])
}

function ElementEditor({
  e,
  stale,
  error,
  sources,
  onChange,
  onRemove,
  onMove,
  first,
  last,
}: {
  e: DashboardElement
  stale: boolean
  error?: string
  sources: SourceOption[]
  onChange: (e: DashboardElement) => void
  onRemove: () => void
  onMove: (to: number) => void
  first: boolean
  last: boolean
}) {
  const { t } = useTranslation()
  const key = sourceKey(e.source)
  const known = sources.some((s) => s.value === key)
  const options = known
    ? sources
    : [{ value: key, label: t('customer-card.missingSource'), source: e.source }, ...sources]
  return (
    <div
      className={cx(
        'grid grid-cols-1 gap-3 rounded-xl border p-3 @sm:grid-cols-2 @xl:grid-cols-3',
        stale || error ? 'border-[#eec5c1] bg-[#fdf6f5]' : 'border-line',
      )}
      data-element-editor={e.id}
    >
      {(stale || error) && (
        <p className="flex items-center gap-2 text-sm text-[#8f302b] col-span-full" role="alert">
          <TriangleAlert aria-hidden className="size-4" /> {error ?? t('customer-card.staleElement')}
        </p>
      )}
      <div className="col-span-full">
        <SelectField
          label={t('customer-card.source')}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
          value={key}
          onChange={(ev) => {
            const s = sources.find((o) => o.value === ev.target.value)
            if (s) onChange({ ...e, source: s.source })
          }}
        />
      </div>
      <SelectField
        label={t('customer-card.type')}
        options={ELEMENT_TYPES.map((v) => ({ value: v, label: t(`customer-card.types.${v}`) }))}
        value={e.type}
        onChange={(ev) => {
          const type = ev.target.value as DashboardElement['type']
          onChange({ ...e, type, condition: type === 'Conditional' ? (e.condition ?? { operator: 'answered' }) : null })
        }}
      />
      <SelectField
        label={t('customer-card.labelPosition')}
        options={LABEL_POSITIONS.map((v) => ({ value: v, label: t(`customer-card.positions.${v}`) }))}
        value={e.labelPosition}
        onChange={(ev) => onChange({ ...e, labelPosition: ev.target.value as DashboardElement['labelPosition'] })}
      />
      <SelectField
        label={t('customer-card.size')}
        options={ELEMENT_SIZES.map((v) => ({ value: v, label: t(`customer-card.sizes.${v}`) }))}
        value={e.size}
        onChange={(ev) => onChange({ ...e, size: ev.target.value as DashboardElement['size'] })}
      />
      <TextField
        label={t('customer-card.label')}
        value={e.label}
        maxLength={100}
        placeholder={t('customer-card.labelPlaceholder')}
        onChange={(ev) => onChange({ ...e, label: ev.target.value })}
      />
      <TextField
        label={t('customer-card.labelPostfix')}
        value={e.labelPostfix}
        maxLength={40}
        onChange={(ev) => onChange({ ...e, labelPostfix: ev.target.value })}
      />
      <TextField
        label={t('customer-card.maxLabelWidth')}
        type="number"
        inputMode="numeric"
        min={40}
        max={600}
        value={e.maxLabelWidth ?? ''}
        onChange={(ev) => {
          const n = Number.parseInt(ev.target.value, 10)
          onChange({ ...e, maxLabelWidth: Number.isFinite(n) ? Math.max(40, Math.min(600, n)) : null })
        }}
      />
      {e.type === 'Conditional' && e.condition && (
        <div className="col-span-full grid gap-3 @md:grid-cols-2">
          <SelectField
            label={t('customer-card.operator')}
            options={ADVICE_OPERATORS.map((o) => ({ value: o, label: t(`customer-card.operators.${o}`) }))}
            value={e.condition.operator}
            onChange={(ev) =>
              onChange({ ...e, condition: { ...e.condition!, operator: ev.target.value as AdviceOperator } })
            }
          />
          {!['answered', 'notAnswered'].includes(e.condition.operator) && (
            <TextField
              label={t('customer-card.conditionValue')}
              hint={t('customer-card.conditionValueHint')}
              value={e.condition.values?.join(', ') ?? String(e.condition.value ?? '')}
              onChange={(ev) => {
                const text = ev.target.value
                const list = ['anyOf', 'noneOf'].includes(e.condition!.operator)
                onChange({
                  ...e,
                  condition: list
                    ? {
                        operator: e.condition!.operator,
                        values: text
                          .split(',')
                          .map((x) => x.trim())
                          .filter(Boolean),
                      }
                    : { operator: e.condition!.operator, value: text },
                })
              }}
            />
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2 col-span-full">
        <Button
          variant="secondary"
          aria-label={t('customer-card.elementUp')}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          variant="secondary"
          aria-label={t('customer-card.elementDown')}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
        <Button variant="secondary" onClick={onRemove}>
          <Trash2 aria-hidden className="size-4" /> {t('customer-card.removeElement')}
        </Button>
      </div>
    </div>
  )
}

/** The card as it would look with the draft, on a customer of the branch the owner picks. */
function Preview({ setup }: { setup: CardSetup }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const customers = useLiveQuery(
    async () =>
      replica
        ? (
            await replica.db.customers
              .where('salonIds')
              .equals(replica.salonId)
              .filter((c) => !c.deleted)
              .toArray()
          )
            .sort((a, b) => (a.fullName || a.email).localeCompare(b.fullName || b.email))
            .slice(0, 300)
        : [],
    [replica],
  )
  const [id, setId] = useState<string | null>(null)
  const customer = customers?.find((c) => c.id === id) ?? customers?.[0]
  return (
    <aside aria-labelledby="card-preview-title" className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4">
      <h2 id="card-preview-title" className="font-display text-xl text-ink">
        {t('customer-card.preview')}
      </h2>
      {!customers ? (
        <ListSkeleton rows={2} label={t('customer-card.loading')} />
      ) : !customer ? (
        <EmptyState
          title={t('customer-card.previewNoCustomers')}
          description={t('customer-card.previewNoCustomersHint')}
        />
      ) : (
        <>
          <SelectField
            label={t('customer-card.previewCustomer')}
            options={customers.map((c) => ({ value: c.id, label: c.fullName || c.email }))}
            value={customer.id}
            onChange={(e) => setId(e.target.value)}
          />
          <div className="rounded-2xl bg-canvas p-3" data-testid="card-preview">
            <CardBody setup={setup} customer={customer} />
          </div>
        </>
      )}
    </aside>
  )
}
