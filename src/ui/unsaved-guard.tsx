import { useBlocker } from '@tanstack/react-router'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from './confirm-dialog'
import { useReloadHold } from './reload-holds'

type Texts = { title: string; message: string; confirmLabel: string; cancelLabel: string }

function useTexts(texts?: Partial<Texts>): Texts {
  const { t } = useTranslation()
  return {
    title: texts?.title ?? t('unsaved.title'),
    message: texts?.message ?? t('unsaved.message'),
    confirmLabel: texts?.confirmLabel ?? t('unsaved.discard'),
    cancelLabel: texts?.cancelLabel ?? t('unsaved.keep'),
  }
}

/**
 * Asks before leaving with unsaved changes: navigating inside the app with a dialog, reload or
 * closing the tab with the browser's own prompt. Used by the questionnaire editor and by every
 * form drawer or modal (through `useDiscardGuard`).
 */
export function UnsavedChangesGuard({ when, texts }: { when: () => boolean; texts?: Partial<Texts> }) {
  const x = useTexts(texts)
  const blocker = useBlocker({ shouldBlockFn: when, enableBeforeUnload: when, withResolver: true })
  // Nor does the app reload on its own (a new version after a deploy) over unsaved changes.
  useReloadHold(when)
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={x.title}
      message={x.message}
      confirmLabel={x.confirmLabel}
      cancelLabel={x.cancelLabel}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}

type Report = (id: string, dirty: boolean) => void
const DirtyContext = createContext<Report | null>(null)
export const DirtyProvider = DirtyContext.Provider

/**
 * A form deep inside an overlay (an answer being changed in the submission drawer) says it has
 * changes; the overlay around it then asks before closing. Outside an overlay it does nothing.
 */
export function useReportDirty(dirty: boolean) {
  const report = useContext(DirtyContext)
  const id = useId()
  useEffect(() => {
    report?.(id, dirty)
    return () => report?.(id, false)
  }, [report, id, dirty])
}

/** What the forms inside an overlay reported (useReportDirty), for the overlay's guard. */
export function useReportedDirty(): [boolean, Report] {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set())
  const report = useCallback<Report>((id, dirty) => {
    setIds((prev) => {
      if (prev.has(id) === dirty) return prev
      const next = new Set(prev)
      if (dirty) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])
  return [ids.size > 0, report]
}

/**
 * The one guard of every form overlay (issue 7 #5: nothing typed is lost by a stray tap).
 * `requestClose` is what a tap outside, Escape, the close button and Cancel call: with changes
 * it asks first, without it closes at once. `dialog` is rendered beside the overlay (the confirm
 * sits above it, z-index 1300); it also guards leaving the page while the form has changes.
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void): { requestClose: () => void; dialog: ReactNode } {
  const x = useTexts()
  const [asking, setAsking] = useState(false)
  // Read at the moment of the tap: the form may have changed since this render's closure.
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  const requestClose = useCallback(() => {
    if (dirtyRef.current) setAsking(true)
    else onClose()
  }, [onClose])
  const dialog = (
    <>
      {/* Mounted only while asking: a closed dialog left mounted kept the form's own dialog from
          hearing Escape and outside taps again. */}
      {asking && (
        <ConfirmDialog
          open
          title={x.title}
          message={x.message}
          confirmLabel={x.confirmLabel}
          cancelLabel={x.cancelLabel}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false)
            onClose()
          }}
        />
      )}
      {dirty && <UnsavedChangesGuard when={() => dirtyRef.current} />}
    </>
  )
  return { requestClose, dialog }
}
