import Papa from 'papaparse'

/*
 * CSV text → header and rows, through papaparse row by row (so a big file reports progress as it
 * goes). Delimiter: `,` or `;` (Dutch Excel writes `;`), guessed by papaparse from the start of
 * the file. Quoted fields may hold line breaks and delimiters; fully empty lines are skipped.
 */

export type CsvDelimiter = ',' | ';'
export type ParsedCsv = { headers: string[]; rows: string[][]; delimiter: CsvDelimiter }

/** The delimiter of a CSV text: `;` or `,`, from its first lines (`,` when nothing tells). */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024)
  const r = Papa.parse<string[]>(sample, { preview: 10, delimitersToGuess: [';', ','], skipEmptyLines: 'greedy' })
  return r.meta.delimiter === ';' ? ';' : ','
}

/** Parses `text`; `onProgress(done, total)` is called per chunk with characters read. */
export function parseCsvText(
  text: string,
  opts: { onProgress?: (done: number, total: number) => void; progressEvery?: number } = {},
): ParsedCsv {
  const delimiter = detectDelimiter(text)
  const all: string[][] = []
  const every = opts.progressEvery ?? 1000
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (results) => {
      all.push(results.data)
      if (all.length % every === 0) opts.onProgress?.(results.meta.cursor, text.length)
    },
  })
  opts.onProgress?.(text.length, text.length)
  const [head = [], ...rows] = all
  return { headers: head.map((h) => h.trim()), rows, delimiter }
}
