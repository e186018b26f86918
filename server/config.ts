import { z } from 'zod'
import { secretKeysOf } from './auth/secret-box'

/**
 * Issue 25: uploaded files in an S3-compatible bucket instead of DATA_DIR/storage. Credentials
 * may come from the SDK's own chain (AWS_ACCESS_KEY_ID, an instance role) when not given here.
 */
export type S3Settings = {
  bucket: string
  region: string
  /** Another S3-compatible store (MinIO, R2, a local test server); AWS when unset. */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean
  /** Prepended to every key ('' or ending in '/'): several deployments can share one bucket. */
  prefix: string
}

/** Every environment variable the server reads, with its default. Documented in README.md. */
export type Config = {
  port: number
  host: string
  /** postgres://… switches from PGlite to PostgreSQL. */
  databaseUrl?: string
  /** PGlite files live here, and uploaded files too unless `s3` is set. */
  dataDir: string
  /** Uploaded files in this bucket when S3_BUCKET is set (server/integrations/storage). */
  s3?: S3Settings
  /** smtp://user:pass@host:port; without it mail goes to the dev outbox (/dev/mailbox). */
  smtpUrl?: string
  mailFrom: string
  /** Shared rate-limit store for several instances. */
  redisUrl?: string
  /** Base URL used in links inside e-mails. */
  publicUrl: string
  sessionTtlHours: number
  /** Seed the demo organisation on an empty database. */
  seedDemo: boolean
  /** Create this global administrator at start-up when both are set. */
  globalAdminEmail?: string
  globalAdminPassword?: string
  /** Show the dev mailbox page and API (never in production). */
  devMailbox: boolean
  logLevel: string
  /** Serve the built PWA from this folder when it exists. */
  staticDir: string
  trustProxy: boolean
  /** Multiplies every rate limit (the e2e suite runs all browsers from one IP). */
  rateLimitFactor: number
  /**
   * WhatsApp Cloud API (e.g. https://graph.facebook.com/v19.0), its access token and the sending
   * phone number id. Without all three, WhatsApp messages go to the local outbox.
   */
  whatsappApiUrl?: string
  whatsappToken?: string
  whatsappPhoneNumberId?: string
  /** Issue 23: the largest WhatsApp credit balance an organisation may buy up to. */
  whatsappCreditsMax: number
  /** Issue 23: below this balance the admins see a banner and the owner gets one e-mail per crossing. */
  whatsappCreditsLow: number
  /**
   * Mollie's API key (test_… or live_…): payments go to Mollie. Without it the local sandbox
   * takes them, with its checkout page at /dev/checkout/<id> (server/integrations/payments).
   */
  mollieApiKey?: string
  /** Another Mollie API base (tests, staging proxies); Mollie's own when unset. */
  mollieApiEndpoint?: string
  /** Sentry DSN of the browser app: its ingest origin is allowed in the CSP's connect-src. */
  sentryDsn?: string
  /** The EU's VIES REST API base (server/integrations/vat-check). */
  vatCheckUrl: string
  /** Our own VAT number, sent as VIES's requester so that it returns a consultation number. */
  vatRequesterNumber?: string
  /** The seller on our invoices (server/services/billing/invoice-pdf.ts `sellerFromConfig`). */
  invoiceSellerName: string
  invoiceSellerAddress: string[]
  invoiceSellerCountry: string
  invoiceSellerVatNumber: string
  invoiceSellerKvk: string
  /** Run scheduled work (renewals, reminders, reconciliation) in this process (server/jobs). */
  jobs: boolean
  /**
   * Issue 23 G1, the Plug&Pay new-organisation webhook (server/integrations/plug-and-pay): the
   * shared webhook key (Settings > Developers in Plug&Pay) and the header it arrives in, the API
   * base and token used to fetch the order, and the product ids whose paid orders make an
   * organisation. Without a key (or token, or product ids) the webhook answers 503 (off).
   */
  plugAndPayWebhookKey?: string
  plugAndPayKeyHeader: string
  plugAndPayApiUrl: string
  plugAndPayApiToken?: string
  plugAndPayProductIds: string[]
  /**
   * Issue 25: `GET /metrics` (Prometheus text format) answers only `Authorization: Bearer
   * <METRICS_TOKEN>`; without the setting there is no such endpoint.
   */
  metricsToken?: string
  /**
   * SECRETS_KEY: the keys that seal secrets the server reads back (global admins' TOTP secrets,
   * server/auth/secret-box.ts), the current one first. None: stored as given (development only).
   */
  secretsKeys: Buffer[]
  /**
   * Issue 25: seconds between SIGTERM and closing the listener: readiness (`/api/health-check`)
   * answers 503 meanwhile so the load balancer stops sending before in-flight requests drain.
   */
  drainSeconds: number
}

const positiveInt = (v: string | undefined, dflt: number) => {
  const n = Number(v)
  return v && Number.isSafeInteger(n) && n > 0 ? n : dflt
}
const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes)$/i.test(v))

const S3_VARS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const

const ZS3Env = z
  .object({
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'is not a bucket name (3-63 of a-z 0-9 . -)'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/, "must be folder names each ending in '/' (e.g. salon/)")
      .optional(),
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: give both or neither',
    path: ['S3_SECRET_ACCESS_KEY'],
  })

/**
 * S3 settings when S3_BUCKET is set; none at all → the disk, exactly as before. Half-given settings
 * (an endpoint without a bucket, a key without its secret, a malformed URL) stop the start with a
 * message naming the variable, rather than silently keeping files on one machine's disk.
 */
export function s3SettingsOf(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const given = Object.fromEntries(S3_VARS.filter((k) => env[k]).map((k) => [k, env[k]]))
  if (Object.keys(given).length === 0) return undefined
  if (!given.S3_BUCKET)
    throw new Error(
      `S3 settings: ${Object.keys(given).join(', ')} given without S3_BUCKET (set it, or unset them to keep files on disk)`,
    )
  const r = ZS3Env.safeParse(given)
  if (!r.success)
    throw new Error(`S3 settings: ${r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  const e = r.data
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    prefix: e.S3_PREFIX ?? '',
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3030)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
    s3: s3SettingsOf(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Salon <no-reply@salon.local>',
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 24 * 14),
    seedDemo: bool(env.SEED_DEMO, true),
    globalAdminEmail: env.GLOBAL_ADMIN_EMAIL || undefined,
    globalAdminPassword: env.GLOBAL_ADMIN_PASSWORD || undefined,
    devMailbox: bool(env.DEV_MAILBOX, !env.SMTP_URL),
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: env.STATIC_DIR ?? './dist',
    trustProxy: bool(env.TRUST_PROXY, false),
    rateLimitFactor: Math.max(1, Number(env.RATE_LIMIT_FACTOR ?? 1) || 1),
    whatsappApiUrl: env.WHATSAPP_API_URL?.replace(/\/$/, '') || undefined,
    whatsappToken: env.WHATSAPP_TOKEN || undefined,
    whatsappPhoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
    whatsappCreditsMax: positiveInt(env.WHATSAPP_CREDITS_MAX, 10_000),
    whatsappCreditsLow: positiveInt(env.WHATSAPP_CREDITS_LOW, 20),
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieApiEndpoint: env.MOLLIE_API_ENDPOINT || undefined,
    sentryDsn: env.SENTRY_DSN || env.VITE_SENTRY_DSN || undefined,
    jobs: bool(env.JOBS, true),
    vatCheckUrl: (env.VAT_CHECK_URL || 'https://ec.europa.eu/taxation_customs/vies/rest-api').replace(/\/$/, ''),
    vatRequesterNumber: env.VAT_REQUESTER_NUMBER || undefined,
    invoiceSellerName: env.INVOICE_SELLER_NAME || 'Salon Platform B.V.',
    invoiceSellerAddress: (env.INVOICE_SELLER_ADDRESS || 'Herengracht 1|1015 BA Amsterdam')
      .split(/\||\n/)
      .map((l) => l.trim())
      .filter(Boolean),
    invoiceSellerCountry: env.INVOICE_SELLER_COUNTRY || 'NL',
    invoiceSellerVatNumber: env.INVOICE_SELLER_VAT_NUMBER || 'NL000099998B57',
    invoiceSellerKvk: env.INVOICE_SELLER_KVK || '12345678',
    plugAndPayWebhookKey: env.PLUG_AND_PAY_WEBHOOK_KEY || undefined,
    plugAndPayKeyHeader: (env.PLUG_AND_PAY_KEY_HEADER || 'x-plugandpay-key').toLowerCase(),
    plugAndPayApiUrl: (env.PLUG_AND_PAY_API_URL || 'https://api.plugandpay.com').replace(/\/$/, ''),
    plugAndPayApiToken: env.PLUG_AND_PAY_API_TOKEN || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    secretsKeys: secretKeysOf(env.SECRETS_KEY),
    drainSeconds: Math.max(0, Number(env.DRAIN_SECONDS ?? 5) || 0),
    plugAndPayProductIds: (env.PLUG_AND_PAY_PRODUCT_IDS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  }
}
