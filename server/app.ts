import fastifyCookie from '@fastify/cookie'
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify'
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { createSessionCache } from './auth/session-cache'
import { findSession } from './auth/sessions'
import type { AccessChanges } from './db/access-changes'
import { SESSION_EXPIRES_HEADER } from '../contract/auth'
import type { Config } from './config'
import type { Db } from './db/client'
import { AppError } from './errors'
import { handleError, handleFrameworkError } from './http/error-handler'
import { registerInputGuard } from './http/input-guard'
import { registerJsonBody } from './http/json-body'
import { type RequestBudget, registerRequestBudget } from './http/request-budget'
import { createMailer } from './integrations/mail'
import { createFileStore, type FileStore, storagePlugin } from './integrations/storage'
import { createPayments } from './integrations/payments'
import type { PaymentProvider } from './integrations/payments/port'
import { createVatCheck, type VatCheck } from './integrations/vat-check'
import type { Mailer } from './integrations/mail/mailer'
import { securityHeaders } from './http/security-headers'
import { serializerCompiler } from './http/serializer'
import { registerRoutes } from './routes'
import devMailboxPage from './routes/dev/page'
import devCheckoutPage from './routes/dev/checkout-page'
import { isSandbox } from './integrations/payments'
import { createMetrics, type Metrics } from './ops/metrics'
import { registerOps } from './ops/register'

export type BuildOptions = {
  db: Db
  config: Config
  logger?: FastifyServerOptions['logger']
  mailer?: Mailer
  /** The payment provider; by default from the config (Mollie with MOLLIE_API_KEY, else the sandbox). */
  payments?: PaymentProvider
  /** Where uploaded files live; by default from the config (S3 with S3_BUCKET, else DATA_DIR/storage). */
  storage?: FileStore
  /** The VAT-number check; by default VIES at VAT_CHECK_URL. */
  vatCheck?: VatCheck
  /** Rate-limit key prefix; tests give each app its own so they do not share counters in Redis. */
  rateLimitNamespace?: string
  /** The overall request budget; REQUEST_BUDGET unless a test sizes it down. */
  requestBudget?: RequestBudget
  /**
   * The database's announcements of access changes: given, sessions are kept in memory between
   * requests (server/auth/session-cache.ts); without, every request reads its session.
   */
  accessChanges?: AccessChanges
  /** This instance's Prometheus figures (server/ops); a fresh set when not given. */
  metrics?: Metrics
  /** Called for every route as it is registered (tests list every route to probe them all). */
  onRoute?: (route: RouteOptions) => void
}

export type App = FastifyInstance

/** `/api`, `/api/…`, `/api?…`: the API's address space, where a miss is JSON, never the app's page. */
const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url)
const notFound = (reply: FastifyReply, code: 'ROUTE_NOT_FOUND' | 'FILE_NOT_FOUND') =>
  reply.code(404).send(new AppError(code).toBody())

/** Builds the whole HTTP app. main.ts listens on it; tests call `inject`. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>()
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.decorate('db', opts.db)
  app.decorate('config', opts.config)
  app.decorate('mailer', opts.mailer ?? createMailer({ config: opts.config, db: opts.db, log: app.log }))
  app.decorate('payments', opts.payments ?? createPayments(opts.config))
  app.decorate('storage', opts.storage ?? (await createFileStore(opts.config)))
  app.decorate(
    'vatCheck',
    opts.vatCheck ??
      createVatCheck(opts.config, { onUnavailable: (reason) => app.log.warn({ reason }, 'VAT check unavailable') }),
  )
  app.decorateRequest('principal', null)
  securityHeaders(app, { sentryDsn: opts.config.sentryDsn })

  // Request timing, /metrics and the draining flag (server/ops) before any route is added.
  registerOps(app, { metrics: opts.metrics ?? createMetrics() })

  app.setErrorHandler(handleError)
  // Before any route: every /api route needs a session unless public, and no request carries
  // text the database cannot store (server/http).
  registerInputGuard(app)
  // JSON bodies are read as UTF-8 only: another charset is 415, broken bytes 400.
  registerJsonBody(app)

  // Rate limits apply per route (`config.rateLimit`): every sign-in, code and reset call.
  const redis = opts.config.redisUrl ? new Redis(opts.config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: opts.rateLimitNamespace ?? 'salon-rl-',
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS'),
  })
  app.addHook('onClose', async () => {
    await app.mailer.close()
    redis?.disconnect()
    await app.storage.close()
  })

  // Only the stored-file session cookie uses it (server/integrations/storage/access.ts).
  await app.register(fastifyCookie)

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Salon platform API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  const sessionCache = opts.accessChanges ? createSessionCache(opts.db, opts.accessChanges) : null
  app.decorate('findSession', (token: string, slide?: { ttlHours: number }) =>
    sessionCache ? sessionCache.find(token, slide) : findSession(opts.db, token, slide),
  )
  app.decorate('accessHeard', async () => {
    await sessionCache?.heard()
  })
  app.addHook('onRequest', async (req, reply) => {
    const h = req.headers.authorization
    if (!h?.startsWith('Bearer ')) return
    req.principal = await app.findSession(h.slice(7), { ttlHours: opts.config.sessionTtlHours })
    // The session's end after this request (it slides while in use, server/auth/sessions.ts): the
    // tablet keeps it, so offline it knows whether its sign-in still holds (issue 21 #3).
    if (req.principal) reply.header(SESSION_EXPIRES_HEADER, req.principal.expiresAt.toISOString())
  })
  // A write answered only once this instance heard the access changes it made (sign-out, a role
  // changed): the caller's next request here never meets a session it just ended. Other
  // instances hear it as soon as PostgreSQL delivers the notification (milliseconds).
  if (sessionCache)
    app.addHook('onSend', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') await sessionCache.heard()
    })
  // The overall budget per session and per address (server/http/request-budget.ts), once the
  // session is known.
  registerRequestBudget(app, opts.requestBudget)

  await app.register(registerRoutes, { prefix: '/api' })
  // Uploaded files, read-only (server/integrations/storage).
  await app.register(storagePlugin)
  // Human page for the dev outbox (outside /api); off whenever real SMTP is configured.
  if (opts.config.devMailbox) await app.register(devMailboxPage)
  // The sandbox's checkout page (outside /api), only while the sandbox takes the payments.
  if (isSandbox(app.payments)) await app.register(devCheckoutPage)

  const staticDir = path.resolve(opts.config.staticDir)
  if (existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      cacheControl: false,
      // Hashed build assets never change; everything else (index.html, sw.js, manifest) must be
      // revalidated so an update reaches installed apps.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
    // SPA: every non-API GET that is not a file gets the app shell; the client router decides.
    // A missing build file (/assets/…, a chunk of a version replaced by a deploy) is a plain 404,
    // not the shell: the app then knows it is stale and reloads (features/app/stale-version.ts).
    app.setNotFoundHandler((req, reply) => {
      if (isApi(req.url)) return notFound(reply, 'ROUTE_NOT_FOUND')
      if (req.url.startsWith('/assets/')) return notFound(reply, 'FILE_NOT_FOUND')
      if (req.method === 'GET') return reply.sendFile('index.html')
      return notFound(reply, 'ROUTE_NOT_FOUND')
    })
  } else {
    app.setNotFoundHandler((req, reply) =>
      notFound(reply, req.url.startsWith('/assets/') ? 'FILE_NOT_FOUND' : 'ROUTE_NOT_FOUND'),
    )
  }
  return app
}
