import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'tests/**/*.test.ts',
      'src/**/*.test.ts',
      'src-worker/**/*.test.ts',
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/helpers/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two cores on CI machines.
    maxWorkers: 2,
  },
})
