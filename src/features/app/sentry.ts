/*
 * Error reporting (spec §9): Sentry with session replay, only when VITE_SENTRY_DSN is set and never
 * on a local machine. Loaded lazily so the app does not carry the SDK when reporting is off.
 */
type SentryModule = typeof import('@sentry/react')
let sentry: SentryModule | null = null

const isLocal = () => ['localhost', '127.0.0.1', '[::1]'].includes(globalThis.location?.hostname ?? '')

export async function initSentry() {
  const dsn = import.meta.env.VITE_SENTRY_DSN as string | undefined
  if (!dsn || isLocal()) return
  const Sentry = await import('@sentry/react')
  Sentry.init({
    dsn,
    environment: (import.meta.env.VITE_SENTRY_ENVIRONMENT as string | undefined) ?? import.meta.env.MODE,
    integrations: [
      Sentry.browserTracingIntegration(),
      // Text and media are not masked (spec §9); password inputs always are.
      Sentry.replayIntegration({
        maskAllText: false,
        blockAllMedia: false,
        maskAllInputs: false,
        mask: ['input[type="password"]'],
      }),
    ],
    tracesSampleRate: 1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  })
  sentry = Sentry
}

export function reportError(error: unknown, context?: Record<string, unknown>) {
  if (sentry) sentry.captureException(error, context ? { extra: context } : undefined)
  else console.error(error)
}
