/// <reference lib="webworker" />
import * as Comlink from 'comlink'
import type { CustomField } from '../../contract/custom-fields'
import type { PhoneRegion } from '../../contract/phone'
import { type CsvEncoding, decodeFile } from '../../shared/csv/decode'
import type { ColumnMapping } from '../../shared/csv/mapping'
import { type CsvDelimiter, parseCsvText } from '../../shared/csv/parse'
import { type DryRun, dryRun } from '../../shared/csv/rows'

/*
 * The CSV import's worker (one per import drawer): reads, decodes and parses the file and runs
 * the dry run off the main thread, so a 50,000-row file keeps the screen responsive. The rows
 * stay here between the steps; the screen gets the header, a preview and the dry run's result.
 */

export type CsvProgress = { phase: 'read' | 'parse' | 'check'; done: number; total: number }
export type CsvFileInfo = {
  headers: string[]
  preview: string[][]
  rowCount: number
  encoding: CsvEncoding
  delimiter: CsvDelimiter
}

let rows: string[][] = []

const api = {
  async read(file: File, onProgress?: (p: CsvProgress) => void): Promise<CsvFileInfo> {
    rows = []
    const { text, encoding } = await decodeFile(
      async (start, end) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
      file.size,
      { onProgress: (done, total) => onProgress?.({ phase: 'read', done, total }) },
    )
    const parsed = parseCsvText(text, {
      onProgress: (done, total) => onProgress?.({ phase: 'parse', done, total }),
    })
    rows = parsed.rows
    return {
      headers: parsed.headers,
      preview: rows.slice(0, 3),
      rowCount: rows.length,
      encoding,
      delimiter: parsed.delimiter,
    }
  },
  dryRun(
    mapping: ColumnMapping,
    customFields: Pick<CustomField, 'propertyName' | 'type' | 'options' | 'required'>[],
    region: PhoneRegion | undefined,
  ): DryRun {
    return dryRun(rows, mapping, customFields, region)
  },
}
export type CsvWorkerApi = typeof api

Comlink.expose(api)
