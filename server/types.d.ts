import 'fastify'
import type { Principal } from './auth/sessions'
import type { Config } from './config'
import type { Db } from './db/client'
import type { Mailer } from './integrations/mail/mailer'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: Config
    mailer: Mailer
  }
  interface FastifyRequest {
    /** Set by the auth hook from the bearer token; null when absent or invalid. */
    principal: Principal | null
  }
}
