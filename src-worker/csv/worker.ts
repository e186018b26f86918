/// <reference lib="webworker" />
import * as Comlink from 'comlink'
import { decodeFile } from '../../shared/csv/decode'
import { parseCsvText } from '../../shared/csv/parse'
import { dryRun } from '../../shared/csv/rows'
import type { CsvFileInfo, CsvProgress, CsvWorkerApi } from '../../shared/csv/worker-api'

/*
 * The CSV import's worker (one per import drawer): reads, decodes and parses the file and runs
 * the dry run off the main thread, so a 50,000-row file keeps the screen responsive. The rows
 * stay here between the steps; the screen gets the header, a preview and the dry run's result.
 */

let rows: string[][] = []

const api: CsvWorkerApi = {
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
  dryRun(mapping, customFields, region) {
    return dryRun(rows, mapping, customFields, region)
  },
}

Comlink.expose(api)
