import type { TFunction } from 'i18next'
import type { DryRun } from '../../../shared/csv/rows'
import { type ReportLine, reportCsv, reportLines } from '../../../shared/csv/report'
import { saveFile } from '../../ui/save-file'

/** The reason of one report line in the reader's language. */
export function outcomeText(t: TFunction, l: ReportLine, fieldName: (f: string) => string): string {
  if (l.outcome === 'empty') return t('customer-import.outcome.empty')
  if (l.outcome === 'duplicate') return t('customer-import.outcome.duplicate', { row: l.value })
  if (l.outcome === 'existing') return t('customer-import.outcome.existing')
  const reason = l.outcome.replace('invalid.', '')
  return t(`customer-import.reason.${reason}`, { field: l.field ? fieldName(l.field) : '', value: l.value ?? '' })
}

/** Saves the dry run's problem list as "<file>-report.csv". */
export function downloadReport(
  t: TFunction,
  fileName: string,
  dry: DryRun,
  existing: { row: number; email: string }[],
  fieldName: (f: string) => string,
) {
  const csv = reportCsv(reportLines(dry, existing), {
    header: [
      t('customer-import.report.row'),
      t('customer-import.report.email'),
      t('customer-import.report.outcome'),
      t('customer-import.report.field'),
      t('customer-import.report.value'),
    ],
    outcome: (l) => outcomeText(t, l, fieldName),
    field: fieldName,
  })
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `${fileName.replace(/\.[^.]*$/, '') || 'import'}-report.csv`,
  )
}
