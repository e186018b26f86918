import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes a new SQL migration from server/db/schema.ts. The same migrations
// run on PGlite and PostgreSQL at start-up (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
