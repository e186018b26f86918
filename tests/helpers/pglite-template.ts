import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client'
import { runMigrations } from '../../server/db/migrate'

/*
 * Vitest global set-up: one migrated PGlite database per run, dumped to a file that every test
 * file's fresh in-memory database starts from (tests/helpers/db.ts). Creating and migrating a
 * PGlite costs about 6 s of CPU (initdb, then 30 migrations); loading the dump about 1 s — per
 * test file, on a 2-core CI machine that was a quarter of the suite's time. Each file still gets
 * its own database; only the empty, migrated start is shared. Not needed on PostgreSQL.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-pglite-template-'))
  const file = path.join(dir, 'migrated.tar')
  const database = await openDatabase({ dataDir: 'memory://' })
  await runMigrations(database)
  const { $client } = database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
  writeFileSync(file, Buffer.from(await (await $client.dumpDataDir('none')).arrayBuffer()))
  await database.close()
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
