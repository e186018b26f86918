import { useLiveQuery } from 'dexie-react-hooks'
import { Download, FileUp, Upload, WifiOff } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { IMPORT_CHECK_MAX } from '../../../contract/customer-imports'
import type { CsvFileInfo, CsvProgress } from '../../../shared/csv/worker-api'
import { type ColumnMapping, hasEmailColumn, suggestMapping } from '../../../shared/csv/mapping'
import * as Comlink from 'comlink'
import { API } from '../../api/client'
import { apiCall } from '../../api/transport'
import { Button } from '../../ui/button'
import { CheckboxList } from '../../ui/choices'
import { Drawer } from '../../ui/drawer'
import { EntityFormElement, useEntityForm } from '../../ui/form'
import { FormError } from '../../ui/form-error'
import { useApiErrorMessage } from '../../ui/errors'
import { useOnline } from '../app/use-online'
import { employeePhoneRegion } from '../auth/phone-region'
import { useBranchesFor } from '../auth/use-can'
import { useSalons } from '../branches/use-salons'
import { UpgradePrompt, useHasFeature } from '../subscription/upgrade-prompt'
import { useReplica } from '../sync/replica-context'
import { ProgressBar } from './progress-bar'
import { downloadReport } from './report-download'
import { type ImportProgress, planImport, runImport } from './run-import'
import { type Checked, DoneStep, DryRunSummary, MappingStep, RecentImports, useFieldName } from './steps'
import { useCsvWorker } from './use-csv-worker'

type Step = 'file' | 'mapping' | 'dryRun' | 'importing' | 'done'
type MappingChoice = { mapping: ColumnMapping; salonIds: string[] }

const waitOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }))

/**
 * The spec's "import customers from CSV" drawer: choose a file, map its columns (suggested from
 * the header), choose the branches, a dry run (nothing written yet, report to download), the
 * import with a progress bar, and undo on the done screen. Reading and checking the file run in
 * a worker; the dry run's existence check and the import need the internet.
 */
export function ImportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const replica = useReplica()
  const online = useOnline()
  const errorText = useApiErrorMessage()
  // Issue 22: outside the plan the drawer shows the upgrade prompt instead of the file choice.
  const inPlan = useHasFeature('customerImport')
  const worker = useCsvWorker(open && inPlan)
  const importable = useBranchesFor('customers.import')
  const salons = (useSalons() ?? []).filter((s) => importable.has(s.id))
  const customFields = useLiveQuery(
    async () => (replica ? replica.db.customFields.orderBy('position').toArray() : []),
    [replica],
  )
  const fieldName = useFieldName(customFields ?? [])

  const [step, setStep] = useState<Step>('file')
  const [fileName, setFileName] = useState('')
  const [info, setInfo] = useState<CsvFileInfo | null>(null)
  const [reading, setReading] = useState<CsvProgress | null>(null)
  const [checked, setChecked] = useState<Checked | null>(null)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [importId, setImportId] = useState<string | null>(null)
  // Reading the file and running the import fail as a whole (the mapping form has its own errors).
  const [error, setError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  // A fresh wizard every time the drawer opens.
  useEffect(() => {
    if (!open) return
    setStep('file')
    setInfo(null)
    setReading(null)
    setChecked(null)
    setProgress(null)
    setImportId(null)
    setError(null)
  }, [open])

  const org = replica?.orgId ?? ''

  const onFile = async (file: File | undefined) => {
    if (!file || !worker) return
    setError(null)
    setFileName(file.name)
    setReading({ phase: 'read', done: 0, total: file.size })
    try {
      const read = await worker.read(
        file,
        Comlink.proxy((p: CsvProgress) => setReading(p)),
      )
      if (read.headers.length === 0 || read.rowCount === 0) {
        setError(t('customer-import.file.empty'))
        return
      }
      setInfo(read)
      // The current branch is the first choice when the employee may import into it.
      const chosen = mappingForm.values.salonIds
      const here = replica && importable.has(replica.salonId) ? [replica.salonId] : []
      mappingForm.reset({
        mapping: suggestMapping(read.headers, customFields ?? []),
        salonIds: chosen.length ? chosen : here,
      })
      setStep('mapping')
    } catch {
      setError(t('customer-import.file.unreadable'))
    } finally {
      setReading(null)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  // The mapping step is a form: an e-mail column and a branch are required (spec §5), then the
  // dry run is its submit (busy, its failure below the fields).
  const mappingForm = useEntityForm({
    schema: z.custom<MappingChoice>(),
    initial: { mapping: [], salonIds: [] } as MappingChoice,
    validate: (v) => {
      const errors: Record<string, string> = {}
      if (!hasEmailColumn(v.mapping)) errors.mapping = t('validation.customer.importEmailColumn')
      if (v.salonIds.length === 0) errors.salonIds = t('validation.branch')
      return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: v }
    },
    // Closing asks while a file is read in, whatever the step (the drawer's own `dirty`).
    guard: false,
    submit: async ({ mapping }) => {
      if (!worker || !online) return
      const dry = await worker.dryRun(mapping, customFields ?? [], employeePhoneRegion())
      const emails = dry.candidates.map((c) => c.email)
      const existingSet = new Set<string>()
      let room: number | undefined
      for (let i = 0; i < emails.length; i += IMPORT_CHECK_MAX) {
        const res = await apiCall(API.customerImports.check, {
          params: { org },
          body: { emails: emails.slice(i, i + IMPORT_CHECK_MAX) },
        })
        for (const e of res.existing) existingSet.add(e)
        room = res.room
      }
      const existing = dry.candidates
        .filter((c) => existingSet.has(c.email))
        .map((c) => ({ row: c.row, email: c.email }))
      setChecked({ dry, existing, toCreate: dry.candidates.filter((c) => !existingSet.has(c.email)), room })
      setStep('dryRun')
    },
  })
  const { mapping, salonIds } = mappingForm.values

  const onImport = async () => {
    if (!checked) return
    setStep('importing')
    setError(null)
    const plan = planImport(checked.toCreate)
    setImportId(plan.importId)
    try {
      const p = await runImport({
        plan,
        salonIds,
        fileName,
        final: {
          rows: checked.dry.rows,
          skippedEmpty: checked.dry.skippedEmpty.length,
          duplicates: checked.dry.duplicates.length,
          invalid: checked.dry.invalid.length,
        },
        send: (body) => apiCall(API.customerImports.bulk, { params: { org }, body }),
        onProgress: setProgress,
        isOnline: () => navigator.onLine,
        waitOnline,
      })
      setProgress(p)
      setStep('done')
    } catch (err) {
      setError(errorText(err))
    }
  }

  // Issue 22: an import the plan has no room for is refused as a whole, before a row is sent.
  const overLimit = checked?.room !== undefined && checked.toCreate.length > checked.room

  const summary = useMemo(
    () => checked && <DryRunSummary checked={checked} fieldName={fieldName} />,
    [checked, fieldName],
  )
  const needsNet = step === 'mapping' || step === 'dryRun' || step === 'importing'

  const footer = (requestClose: () => void) => {
    if (step === 'mapping')
      return (
        <>
          <Button variant="secondary" onClick={() => setStep('file')}>
            {t('customer-import.back')}
          </Button>
          <Button type="submit" form="import-mapping-form" loading={mappingForm.isBusy} disabled={!online}>
            {t('customer-import.dryRun.start')}
          </Button>
        </>
      )
    if (step === 'dryRun' && checked)
      return (
        <>
          <Button variant="secondary" onClick={() => setStep('mapping')}>
            {t('customer-import.back')}
          </Button>
          <Button onClick={() => void onImport()} disabled={!online || checked.toCreate.length === 0 || overLimit}>
            <Upload aria-hidden className="size-4" />
            {t('customer-import.import.start', { count: checked.toCreate.length })}
          </Button>
        </>
      )
    if (step === 'importing') return null
    return (
      <Button variant="secondary" onClick={requestClose}>
        {t('common.close')}
      </Button>
    )
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('customer-import.title')}
      dirty={step === 'mapping' || step === 'dryRun' || step === 'importing'}
      footer={footer}
    >
      <div className="flex flex-col gap-6">
        {!online && needsNet && (
          <p className="flex items-start gap-2 rounded-xl bg-canvas p-3 text-sm text-muted" role="status">
            <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            {step === 'importing' ? t('customer-import.offlinePaused') : t('customer-import.offline')}
          </p>
        )}
        {error && <FormError text={error} />}
        {step === 'dryRun' && overLimit && checked && (
          <FormError
            text={t('customer-import.import.overLimit', { count: checked.toCreate.length, room: checked.room })}
          />
        )}

        {step === 'file' && (
          <>
            <p className="text-sm text-muted">{t('customer-import.file.intro')}</p>
            {!inPlan ? (
              <UpgradePrompt feature="customerImport" />
            ) : reading ? (
              <ProgressBar
                value={reading.done}
                max={reading.total}
                label={t(`customer-import.file.${reading.phase === 'read' ? 'reading' : 'parsing'}`)}
              />
            ) : (
              <label className="flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line bg-white p-6 text-center hover:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-dark">
                <FileUp aria-hidden className="size-8 text-primary-dark" />
                <span className="font-medium text-ink">{t('customer-import.file.choose')}</span>
                <span className="text-sm text-muted">{t('customer-import.file.hint')}</span>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  className="sr-only"
                  data-testid="import-file"
                  disabled={!worker}
                  onChange={(e) => void onFile(e.target.files?.[0])}
                />
              </label>
            )}
            <RecentImports open={open} />
          </>
        )}

        {step === 'mapping' && info && (
          <EntityFormElement form={mappingForm} id="import-mapping-form" className="flex flex-col gap-6">
            <MappingStep
              info={info}
              fileName={fileName}
              mapping={mapping}
              onChange={(m) => mappingForm.set('mapping', m)}
              customFields={customFields ?? []}
              error={mappingForm.error('mapping') ?? null}
            />
            <CheckboxList
              label={t('customer-import.branches')}
              options={salons.map((s) => ({ value: s.id, label: s.name }))}
              value={salonIds}
              onChange={(ids) => mappingForm.set('salonIds', ids)}
              error={mappingForm.error('salonIds')}
            />
          </EntityFormElement>
        )}

        {step === 'dryRun' && checked && (
          <>
            {summary}
            <Button
              variant="secondary"
              onClick={() => downloadReport(t, fileName, checked.dry, checked.existing, fieldName)}
              className="self-start"
            >
              <Download aria-hidden className="size-4" /> {t('customer-import.report.download')}
            </Button>
          </>
        )}

        {step === 'importing' && progress && (
          <div className="flex flex-col gap-3">
            <ProgressBar value={progress.done} max={progress.total} label={t('customer-import.import.progress')} />
            <p className="text-sm text-muted" role="status">
              {progress.waiting === 'offline'
                ? t('customer-import.offlinePaused')
                : progress.waiting === 'retry'
                  ? t('customer-import.import.retrying')
                  : t('customer-import.import.count', { done: progress.done, total: progress.total })}
            </p>
          </div>
        )}

        {step === 'done' && progress && importId && checked && (
          <DoneStep importId={importId} progress={progress} checked={checked} />
        )}
      </div>
    </Drawer>
  )
}
