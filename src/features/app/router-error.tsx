import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/errors'
import { Button } from '../../ui/button'
import { apiErrorMessage } from '../../ui/errors'
import { Blank } from './blank'
import { ErrorScreen } from './error-screen'
import { reportError } from './sentry'
import { isStaleVersionError, reloadIntoNewVersion } from './stale-version'

/**
 * Spec §2: the router fallback shows 'Unexpected Application Error!' and what happened — in the
 * user's language (an API error's translated text), never an exception's own message: that goes
 * to Sentry or the console. A chunk of a replaced version (after a deploy) reloads into the new
 * version on its own when it safely can; otherwise a translated screen offers Reload.
 */
export function RouterError({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  const stale = isStaleVersionError(error)
  const [reloading, setReloading] = useState(false)
  useEffect(() => {
    if (stale) setReloading(reloadIntoNewVersion(error))
    else reportError(error)
  }, [error, stale])
  if (stale) return reloading ? <Blank /> : <ErrorScreen staleVersion placement="content" />
  const detail = error instanceof ApiError ? apiErrorMessage(t, error) : null
  return (
    <main className="flex flex-col items-center gap-3 px-6 py-10 text-center md:py-20">
      <h1 className="font-display text-3xl text-ink">{t('common.routerError')}</h1>
      {detail && <p className="max-w-lg text-sm break-words text-muted">{detail}</p>}
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </main>
  )
}
