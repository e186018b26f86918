import { defineConfig } from 'vitest/config'

/*
 * Two projects on one pool. The API suite (tests/api, over half the files) shares one module graph
 * per worker (`isolate: false`): each of its files builds its own app on its own database, and
 * re-importing the whole server for every file was half of the suite's CPU on a 2-core CI machine
 * (measured: 121 s → 59 s of CPU for 20 files). Everything else — the client, the replica in
 * fake IndexedDB, i18n — keeps a fresh module graph per file.
 */
const API_TESTS = 'tests/api/**/*.test.ts'

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/helpers/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two cores on CI machines.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'api', include: [API_TESTS], isolate: false } },
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/**/*.test.ts',
            'src/**/*.test.ts',
            'src-worker/**/*.test.ts',
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
          ],
          exclude: [API_TESTS],
        },
      },
    ],
  },
})
