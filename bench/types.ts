import type { BenchOrg } from './seed'

/** What every scenario gets: the running app's address and a seeded organisation. */
export type BenchContext = BenchOrg & {
  database: 'PGlite' | 'PostgreSQL'
  baseUrl: string
  headers: Record<string, string>
  /** PostgreSQL only: the bench database, for figures measured on the database alone. */
  databaseUrl?: string
}

/** One line of the printed table. */
export type BenchRow = {
  scenario: string
  database: string
  [metric: string]: string | number
}

/** A file in bench/scenarios/ exports `scenario`. */
export type Scenario = { name: string; run: (ctx: BenchContext) => Promise<BenchRow[]> }
