import type { BenchRow } from './types'

/** Prints rows grouped by their set of metrics, one aligned table per group. */
export function printTable(rows: BenchRow[]): void {
  const groups = new Map<string, BenchRow[]>()
  for (const r of rows) {
    const key = Object.keys(r).join('|')
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  for (const group of groups.values()) {
    const cols = Object.keys(group[0])
    const cells = group.map((r) => cols.map((c) => fmt(r[c])))
    const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)))
    const line = (vals: string[]) =>
      vals.map((v, i) => (i < 2 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')
    console.log(`\n${line(cols)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
    for (const row of cells) console.log(line(row))
  }
  console.log('')
}

const fmt = (v: string | number | undefined) =>
  typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : (v ?? '')
