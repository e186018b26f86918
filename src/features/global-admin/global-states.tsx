import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { Button, FormError, Skeleton, useApiErrorMessage } from '../../ui'
import { setSession } from '../auth/session'

/*
 * What a global admin screen shows before its answer: skeletons while it loads, the error with a
 * way to ask again (or to sign in again when the session ended), or the data. Offline is the
 * shell's (global-admin-page.tsx): the screens are not drawn without a connection.
 */

export function GlobalLoading({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  )
}

export function GlobalError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  const signedOut = error instanceof ApiError && error.status === 401
  return (
    <div className="flex flex-col items-start gap-3" data-testid="global-error">
      <FormError text={errorText(error)} />
      {signedOut ? (
        <Button onClick={() => setSession('globalAdmin', null)}>{t('auth.signIn')}</Button>
      ) : (
        <Button variant="secondary" onClick={onRetry}>
          {t('global-admin.retry')}
        </Button>
      )}
    </div>
  )
}

/** A query's answer as a global admin screen draws it. */
export function GlobalAnswer<T>({
  query,
  rows,
  children,
}: {
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown }
  rows?: number
  children: (data: T) => ReactNode
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.isError) return <GlobalError error={query.error} onRetry={() => void query.refetch()} />
  return <GlobalLoading rows={rows} />
}
