import 'fastify'
import type { Principal } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/client'
import type { Mailer } from './integrations/mail/mailer'
import type { PaymentProvider } from './integrations/payments/port'
import type { FileStore } from './integrations/storage/store'
import type { VatCheck } from './integrations/vat-check'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: Config
    mailer: Mailer
    /** The payment provider: Mollie with MOLLIE_API_KEY, else the local sandbox (server/integrations/payments). */
    payments: PaymentProvider
    /** The VAT-number check (VIES) behind each payment's VAT decision (server/integrations/vat-check). */
    vatCheck: VatCheck
    /** Uploaded files: S3 with S3_BUCKET, else DATA_DIR/storage (server/integrations/storage). */
    storage: FileStore
    /** The session behind a bearer token: kept in memory when the database announces access changes (server/auth/session-cache.ts). */
    findSession: (token: string, slide?: { ttlHours: number }) => Promise<Principal | null>
    /** Resolves once this instance heard every access change committed before the call (server/auth/session-cache.ts). */
    accessHeard: () => Promise<void>
  }
  interface FastifyRequest {
    /** Set by the auth hook from the bearer token; null when absent or invalid. */
    principal: Principal | null
  }
}
