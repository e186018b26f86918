import { WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type OnlineState, onlineState } from '../../api/query'
import { Button, FormError, ListSkeleton, useApiErrorMessage } from '../../ui'

/**
 * The editor's state: what was read stays shown when the connection drops (nothing can be
 * changed then; `OfflineNotice` says so); with nothing read yet, offline is the whole answer.
 */
export function editorState<T>(
  q: { isError: boolean; isFetching: boolean; error: unknown; data: T | undefined; isSuccess: boolean },
  online: boolean,
): OnlineState<T> {
  if (!online && q.data !== undefined) return { status: 'ready', data: q.data }
  return onlineState(q, online)
}

/** Above a list that stays shown offline: why nothing can be changed now. */
export function OfflineNotice() {
  const { t } = useTranslation()
  return (
    <p
      className="mb-4 flex items-start gap-2 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink"
      data-testid="editor-offline"
    >
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('blueprint-editor.offlinePage')}
    </p>
  )
}

/** An editor screen before its answer: offline (it says so plainly), loading, or the error with a retry. */
export function EditorAnswer<T>({
  state,
  retry,
  children,
}: {
  state: OnlineState<T>
  retry: () => void
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  const errorText = useApiErrorMessage()
  if (state.status === 'ready') return <>{children(state.data)}</>
  if (state.status === 'offline') return null
  if (state.status === 'error')
    return (
      <div className="flex flex-col items-start gap-3">
        <FormError text={errorText(state.error)} />
        <Button variant="secondary" onClick={retry}>
          {t('blueprint-editor.retry')}
        </Button>
      </div>
    )
  return <ListSkeleton label={t('common.loading')} />
}
