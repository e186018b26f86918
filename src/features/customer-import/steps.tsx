import { correctedNow } from '../../api/device-clock'
import { CircleCheck, History, RotateCcw } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportRow, UndoImportResult } from '../../../contract/customer-imports'
import type { DryRun } from '../../../shared/csv/rows'
import type { CustomField } from '../../../contract/custom-fields'
import { CUSTOMER_IMPORT_FIELDS, type ColumnMapping, type ImportTarget } from '../../../shared/csv/mapping'
import type { CsvFileInfo } from '../../../shared/csv/worker-api'
import { API } from '../../api/client'
import { invalidateEndpoints, useApiQuery } from '../../api/query'
import { apiCall } from '../../api/transport'
import { Badge } from '../../ui/feedback'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/form-error'
import { formatDateTime } from '../../ui/format'
import { SelectField } from '../../ui/fields'
import { Truncated } from '../../ui/truncated'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { useReplica } from '../sync/replica-context'
import { outcomeText } from './report-download'
import type { ImportProgress } from './run-import'
import { reportLines } from '../../../shared/csv/report'

/** A checked file: the dry run, the rows whose e-mail is a customer already, the rows to create. */
export type Checked = {
  dry: DryRun
  existing: { row: number; email: string }[]
  toCreate: ImportRow[]
  /** Issue 22: customers the plan still has room for (undefined: no limit). */
  room?: number
}

/** A field or custom field (`custom:<propertyName>`) by the name the screens use. */
export function useFieldName(customFields: Pick<CustomField, 'propertyName' | 'displayName'>[]) {
  const { t } = useTranslation()
  return useCallback(
    (f: string) => {
      if (f.startsWith('custom:')) {
        const name = f.slice(7)
        return customFields.find((c) => c.propertyName === name)?.displayName ?? name
      }
      return t(`customer-import.fields.${f}`)
    },
    [t, customFields],
  )
}

/** One row per column of the file: its header, a sample value and where it goes. */
export function MappingStep(props: {
  info: CsvFileInfo
  fileName: string
  mapping: ColumnMapping
  onChange: (m: ColumnMapping) => void
  customFields: CustomField[]
  error: string | null
}) {
  const { t } = useTranslation()
  const { info, mapping } = props
  const fieldName = useFieldName(props.customFields)
  /** Each column's first values, one line: what the column holds, to choose its field by. */
  const samples = info.headers.map((_, i) =>
    info.preview
      .map((r) => r[i] ?? '')
      .filter(Boolean)
      .join(' · '),
  )
  const targets: ImportTarget[] = [
    ...CUSTOMER_IMPORT_FIELDS,
    ...props.customFields.map((c) => `custom:${c.propertyName}` as const),
  ]
  const set = (i: number, v: string) => {
    const next = [...mapping]
    const target = (v || null) as ImportTarget | null
    // A field takes one column: choosing it here frees it elsewhere.
    if (target) for (let j = 0; j < next.length; j++) if (next[j] === target) next[j] = null
    next[i] = target
    props.onChange(next)
  }
  return (
    <section className="flex flex-col gap-4" aria-labelledby="import-mapping-title">
      <div>
        <h3 id="import-mapping-title" className="font-medium text-ink">
          {t('customer-import.mapping.title')}
        </h3>
        <p className="text-sm text-muted">
          {t('customer-import.mapping.fileInfo', {
            file: props.fileName,
            count: info.rowCount,
            encoding: info.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252',
            delimiter: info.delimiter,
          })}
        </p>
      </div>
      {props.error && <FormError text={props.error} />}
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
        {info.headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the file's columns, fixed while the drawer is open
          <li key={i} className="grid gap-2 p-3 sm:grid-cols-[1fr_220px] sm:items-center">
            <div className="min-w-0">
              <Truncated
                as="p"
                className="font-medium text-ink"
                text={h || t('customer-import.mapping.noHeader', { n: i + 1 })}
              />
              {/* The sample is cut to one line; the title shows it whole. */}
              <Truncated as="p" className="text-sm text-muted" text={samples[i] || '—'} />
            </div>
            <SelectField
              label={<span className="sr-only">{t('customer-import.mapping.target', { column: h })}</span>}
              value={mapping[i] ?? ''}
              onChange={(e) => set(i, e.target.value)}
              options={[
                { value: '', label: t('customer-import.mapping.skip') },
                ...targets.map((tg) => ({ value: tg, label: fieldName(tg) })),
              ]}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Count({
  label,
  value,
  tone,
}: {
  label: string
  value: number
  tone: 'success' | 'neutral' | 'warning' | 'danger'
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-white px-4 py-3">
      <span className="text-sm text-ink">{label}</span>
      <Badge tone={tone}>{value.toLocaleString()}</Badge>
    </div>
  )
}

const PROBLEMS_SHOWN = 100

/** The dry run: what would happen, and the rows that will not be imported (first 100 on screen). */
export function DryRunSummary({ checked, fieldName }: { checked: Checked; fieldName: (f: string) => string }) {
  const { t } = useTranslation()
  const { dry, existing, toCreate } = checked
  const lines = reportLines(dry, existing)
  return (
    <section className="flex flex-col gap-4" aria-labelledby="import-dry-title">
      <div>
        <h3 id="import-dry-title" className="font-medium text-ink">
          {t('customer-import.dryRun.title')}
        </h3>
        <p className="text-sm text-muted">{t('customer-import.dryRun.intro', { count: dry.rows })}</p>
      </div>
      <div className="grid gap-2" data-testid="dry-run-counts">
        <Count label={t('customer-import.dryRun.toCreate')} value={toCreate.length} tone="success" />
        <Count label={t('customer-import.dryRun.existing')} value={existing.length} tone="neutral" />
        <Count label={t('customer-import.dryRun.duplicates')} value={dry.duplicates.length} tone="neutral" />
        <Count label={t('customer-import.dryRun.empty')} value={dry.skippedEmpty.length} tone="warning" />
        <Count label={t('customer-import.dryRun.invalid')} value={dry.invalid.length} tone="danger" />
      </div>
      {lines.length > 0 && (
        <div className="flex flex-col gap-2">
          <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">
            {t('customer-import.dryRun.problems')}
          </h4>
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white text-sm">
            {lines.slice(0, PROBLEMS_SHOWN).map((l) => (
              <li key={`${l.row}-${l.outcome}-${l.field ?? ''}`} className="flex gap-3 px-3 py-2">
                <span className="w-16 shrink-0 text-muted">{t('customer-import.dryRun.row', { row: l.row })}</span>
                <span className="min-w-0 flex-1">
                  <Truncated className="block text-ink" text={l.email || '—'} />
                  <span className="block text-muted">{outcomeText(t, l, fieldName)}</span>
                </span>
              </li>
            ))}
          </ul>
          {lines.length > PROBLEMS_SHOWN && (
            <p className="text-sm text-muted">
              {t('customer-import.dryRun.more', { count: lines.length - PROBLEMS_SHOWN })}
            </p>
          )}
        </div>
      )}
    </section>
  )
}

/** The undo button of one import, with what the server kept and why. */
function UndoButton({ importId, onUndone }: { importId: string; onUndone?: (r: UndoImportResult) => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<UndoImportResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [confirm, setConfirm] = useState(false)
  if (result)
    return (
      <div className="flex flex-col gap-2" role="status">
        <p className="text-sm text-ink">{t('customer-import.undo.done', { count: result.removed })}</p>
        {result.kept.length > 0 && (
          <>
            <p className="text-sm text-muted">{t('customer-import.undo.kept', { count: result.kept.length })}</p>
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white text-sm">
              {result.kept.slice(0, 50).map((k) => (
                <li key={k.customerId} className="px-3 py-2">
                  <span className="block text-ink">{k.fullName}</span>
                  <span className="block text-muted">{t(`customer-import.undo.reason.${k.reason}`)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    )
  const undo = async () => {
    if (!replica) return
    setBusy(true)
    setError(null)
    try {
      const r = await apiCall(API.customerImports.undo, { params: { org: replica.orgId, id: importId } })
      void invalidateEndpoints(API.customerImports.list)
      setResult(r)
      onUndone?.(r)
    } catch (err) {
      setError(errorText(err))
    } finally {
      setBusy(false)
      setConfirm(false)
    }
  }
  return (
    <div className="flex flex-col gap-2">
      {error && <FormError text={error} />}
      {confirm ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-ink">{t('customer-import.undo.confirm')}</span>
          <Button variant="danger" loading={busy} onClick={() => void undo()}>
            {t('customer-import.undo.yes')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" disabled={!online} onClick={() => setConfirm(true)} className="self-start">
          <RotateCcw aria-hidden className="size-4" /> {t('customer-import.undo.button')}
        </Button>
      )}
    </div>
  )
}

/** The done screen: counts, what was skipped at the last moment, and undo. */
export function DoneStep({
  importId,
  progress,
  checked,
}: {
  importId: string
  progress: ImportProgress
  checked: Checked
}) {
  const { t } = useTranslation()
  const [undone, setUndone] = useState(false)
  return (
    <section className="flex flex-col gap-4" aria-labelledby="import-done-title">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-[#33653c]" />
        <div>
          <h3 id="import-done-title" className="font-medium text-ink">
            {t('customer-import.done.title', { count: progress.created })}
          </h3>
          <p className="text-sm text-muted">
            {t('customer-import.done.skipped', {
              count:
                checked.existing.length +
                progress.skippedExisting.length +
                checked.dry.duplicates.length +
                checked.dry.skippedEmpty.length +
                checked.dry.invalid.length,
            })}
          </p>
          {progress.skippedExisting.length > 0 && (
            <p className="text-sm text-muted">
              {t('customer-import.done.existingMeanwhile', { count: progress.skippedExisting.length })}
            </p>
          )}
        </div>
      </div>
      {!undone && <p className="text-sm text-muted">{t('customer-import.undo.explain')}</p>}
      <UndoButton importId={importId} onUndone={() => setUndone(true)} />
    </section>
  )
}

/** Recent imports (online): undo stays possible for 24 hours, also after the drawer was closed. */
export function RecentImports({ open }: { open: boolean }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const list = useApiQuery(
    API.customerImports.list,
    open && online && replica ? { params: { org: replica.orgId } } : null,
    { retry: false },
  )
  const items = list.data ?? null
  const undoable = (items ?? []).filter(
    (i) => !i.undoneAt && new Date(i.undoUntil).getTime() > correctedNow().getTime(),
  )
  if (undoable.length === 0) return null
  return (
    <section className="flex flex-col gap-3" aria-labelledby="recent-imports-title">
      <h3 id="recent-imports-title" className="text-xs font-semibold tracking-wider text-muted uppercase">
        {t('customer-import.recent.title')}
      </h3>
      <ul className="flex flex-col gap-3">
        {undoable.map((i) => (
          <li key={i.id} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3">
            <div className="flex items-start gap-2">
              <History aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
              <div className="min-w-0 text-sm">
                <Truncated
                  as="p"
                  className="font-medium text-ink"
                  text={i.fileName || t('customer-import.recent.noName')}
                />
                <p className="text-muted">
                  {t('customer-import.recent.line', {
                    when: formatDateTime(i.createdAt),
                    count: i.counts.created,
                    until: formatDateTime(i.undoUntil),
                  })}
                </p>
              </div>
            </div>
            <UndoButton importId={i.id} />
          </li>
        ))}
      </ul>
    </section>
  )
}
