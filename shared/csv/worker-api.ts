import type { CustomField } from '../../contract/custom-fields'
import type { PhoneRegion } from '../../contract/phone'
import type { CsvEncoding } from './decode'
import type { ColumnMapping } from './mapping'
import type { CsvDelimiter } from './parse'
import type { DryRun } from './rows'

/** What the CSV import's worker (src-worker/csv/worker.ts) offers the import drawer over comlink. */
export type CsvWorkerApi = {
  read(file: File, onProgress?: (p: CsvProgress) => void): Promise<CsvFileInfo>
  dryRun(
    mapping: ColumnMapping,
    customFields: Pick<CustomField, 'propertyName' | 'type' | 'options' | 'required'>[],
    region: PhoneRegion | undefined,
  ): DryRun
}

export type CsvProgress = { phase: 'read' | 'parse' | 'check'; done: number; total: number }
export type CsvFileInfo = {
  headers: string[]
  preview: string[][]
  rowCount: number
  encoding: CsvEncoding
  delimiter: CsvDelimiter
}
