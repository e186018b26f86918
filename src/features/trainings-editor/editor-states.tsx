import { WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OnlineState } from '../../api/query'
import { Button, FormError, ListSkeleton, useApiErrorMessage } from '../../ui'

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
  if (state.status === 'offline')
    return (
      <p
        className="flex items-start gap-2 rounded-lg bg-primary-light px-4 py-3 text-sm text-ink"
        data-testid="editor-offline"
      >
        <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" /> {t('blueprint-editor.offlinePage')}
      </p>
    )
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
