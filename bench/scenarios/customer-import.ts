import { IMPORT_CHECK_MAX } from '../../contract/customer-imports'
import type { BulkImport, BulkImportResult } from '../../contract/customer-imports'
import { decodeFile } from '../../shared/csv/decode'
import { suggestMapping } from '../../shared/csv/mapping'
import { parseCsvText } from '../../shared/csv/parse'
import { dryRun } from '../../shared/csv/rows'
import { planImport, runImport } from '../../src/features/customer-import/run-import'
import type { BenchRow, Scenario } from '../types'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)

/**
 * The CSV import of 10,000 rows, as the drawer runs it: decode + parse (the worker's code, slice
 * by slice), the dry run (mapping, checks, the server's existence check in chunks of 1,000), and
 * the write through POST /customers/bulk in chunks of 200. 2% of the rows are customers already,
 * 1% have no e-mail, 1% a bad phone. The import is undone afterwards (timed too), so the seeded
 * organisation is as before.
 */
export const scenario: Scenario = {
  name: 'customer-import',
  async run(ctx) {
    const run = `${Date.now().toString(36)}`
    const lines = ['E-mailadres;Voornaam;Achternaam;Telefoon;Geboortedatum;Woonplaats;Opmerkingen']
    for (let i = 0; i < ROWS; i++) {
      const m = i % 100
      const email = m === 7 ? '' : `import-${run}-${i}@bench.test`
      const phone = m === 20 ? 'abc' : `06${String(10_000_000 + i).slice(-8)}`
      lines.push(`${email};Renée;Noël ${i};${phone};02-04-1990;Utrecht;"Regel één\nRegel twee"`)
    }
    // 2%: e-mails of existing customers.
    const existing = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/customers/all?salonId=${ctx.salonId}`, {
      headers: ctx.headers,
    })
    const known = ((await existing.json()) as { email: string }[]).slice(0, Math.floor(ROWS / 50))
    known.forEach((k, j) => {
      lines[1 + j * 50 + 30] = `${k.email};Al;Klant;;;;`
    })
    const bytes = new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`)
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/customers/${path}`, {
        method: 'POST',
        headers: { ...ctx.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!res.ok) {
        const err = new Error(`${path}: ${res.status} ${await res.text()}`) as Error & { status: number }
        err.status = res.status
        throw err
      }
      return (await res.json()) as T
    }

    const t0 = performance.now()
    const { text } = await decodeFile(async (a, b) => bytes.slice(a, b), bytes.length)
    const parsed = parseCsvText(text)
    const t1 = performance.now()
    const dry = dryRun(parsed.rows, suggestMapping(parsed.headers), [], 'NL')
    const emails = dry.candidates.map((c) => c.email)
    const taken = new Set<string>()
    for (let i = 0; i < emails.length; i += IMPORT_CHECK_MAX)
      for (const e of (
        await post<{ existing: string[] }>('imports/check', { emails: emails.slice(i, i + IMPORT_CHECK_MAX) })
      ).existing)
        taken.add(e)
    const toCreate = dry.candidates.filter((c) => !taken.has(c.email))
    const t2 = performance.now()
    const plan = planImport(toCreate)
    const done = await runImport({
      plan,
      salonIds: [ctx.salonId],
      fileName: 'bench.csv',
      final: {
        rows: dry.rows,
        skippedEmpty: dry.skippedEmpty.length,
        duplicates: dry.duplicates.length,
        invalid: dry.invalid.length,
      },
      send: (body: BulkImport) => post<BulkImportResult>('bulk', body),
      onProgress: () => {},
      isOnline: () => true,
      waitOnline: async () => {},
    })
    const t3 = performance.now()
    const undo = await post<{ removed: number }>(`imports/${plan.importId}/undo`, {})
    const t4 = performance.now()
    const ms = (a: number, b: number) => Math.round(b - a)
    return [
      {
        scenario: `CSV import ${ROWS.toLocaleString('en')} rows`,
        database: ctx.database,
        'parse ms': ms(t0, t1),
        'dry run ms': ms(t1, t2),
        'write ms': ms(t2, t3),
        'total ms': ms(t0, t3),
        created: done.created,
        'rows/s': Math.round((ROWS / (t3 - t0)) * 1000),
        skipped: ROWS - done.created,
        'undo ms': ms(t3, t4),
        removed: undo.removed,
      } satisfies BenchRow,
    ]
  },
}
