/** Every environment variable the server reads, with its default. Documented in README.md. */
export type Config = {
  port: number
  host: string
  /** postgres://… switches from PGlite to PostgreSQL. */
  databaseUrl?: string
  /** PGlite files and uploaded files live here. */
  dataDir: string
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
}

const positiveInt = (v: string | undefined, dflt: number) => {
  const n = Number(v)
  return v && Number.isSafeInteger(n) && n > 0 ? n : dflt
}
const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : /^(1|true|yes)$/i.test(v))

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3030)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? './data',
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
    plugAndPayProductIds: (env.PLUG_AND_PAY_PRODUCT_IDS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  }
}
