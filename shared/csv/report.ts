import Papa from 'papaparse'
import type { DryRun } from './rows'

/*
 * The dry run's problem list as a CSV a person opens in Excel: one line per row that will not be
 * imported, with its row number, e-mail and the reason in the reader's language. `;`-separated
 * with a BOM, as Dutch Excel expects, so accents survive.
 */

export type ReportLine = { row: number; email: string; outcome: string; field?: string; value?: string }

export function reportLines(dry: DryRun, existing: { row: number; email: string }[]): ReportLine[] {
  const lines: ReportLine[] = [
    ...dry.skippedEmpty.map((row) => ({ row, email: '', outcome: 'empty' })),
    ...dry.duplicates.map((d) => ({ row: d.row, email: d.email, outcome: 'duplicate', value: String(d.firstRow) })),
    ...dry.invalid.flatMap((r) =>
      r.problems.map((p) => ({
        row: r.row,
        email: r.email,
        outcome: `invalid.${p.reason}`,
        field: p.field,
        value: p.value,
      })),
    ),
    ...existing.map((e) => ({ row: e.row, email: e.email, outcome: 'existing' })),
  ]
  return lines.sort((a, b) => a.row - b.row)
}

export function reportCsv(
  lines: ReportLine[],
  text: {
    header: [string, string, string, string, string]
    outcome: (l: ReportLine) => string
    field: (f: string) => string
  },
): string {
  const data = lines.map((l) => [
    String(l.row),
    l.email,
    text.outcome(l),
    l.field ? text.field(l.field) : '',
    l.value ?? '',
  ])
  // Cells starting with = + - @ are formulas to Excel: prefix them so a file cannot run one.
  const safe = data.map((r) => r.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)))
  return `\uFEFF${Papa.unparse([text.header, ...safe], { delimiter: ';' })}`
}
