import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { Button } from '../../ui'
import { reportError } from './sentry'

/** Spec §2: the router fallback shows 'Unexpected Application Error!' and the status or message. */
export function RouterError({ error }: ErrorComponentProps) {
  const { t } = useTranslation()
  useEffect(() => reportError(error), [error])
  const detail = error instanceof ApiError ? `${error.status} ${error.message}` : (error as Error)?.message
  return (
    <main className="flex h-full flex-col items-center justify-center gap-3 bg-canvas px-6 text-center">
      <h1 className="font-display text-3xl text-ink">{t('common.routerError')}</h1>
      {detail && <p className="max-w-lg font-mono text-sm break-words text-muted">{detail}</p>}
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </main>
  )
}
