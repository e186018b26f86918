import { type ComponentType, Suspense, useEffect, useState } from 'react'
import { lazyNamed } from '../../routes/lazy'

/**
 * A page the service worker does not control yet (the first visit, while it installs) cannot
 * count on the precache: it fetches the code as soon as the screen behind it mounts, while it is
 * still online, so the drawer opens if the connection drops a moment later (a fresh tablet's
 * first minute; e2e tests go offline right after the list shows). A controlled page loads it from
 * the precache on the first open.
 */
export function prefetchUnlessPrecached(importer: () => Promise<unknown>) {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || navigator.serviceWorker.controller) return
  void importer().catch(() => undefined)
}

/**
 * A drawer or dialog (a component with an `open` prop) whose code loads the first time it opens,
 * not with the screen behind it (issue 25: the customer list shows first on a slow tablet; forms,
 * phone parsing and dialogs come with the drawer). From its first open on it stays mounted, so
 * closing plays its transition and focus returns as before. The service worker precaches every
 * chunk, so it opens offline too; a chunk of a replaced version reloads as a lazy screen does.
 */
export function lazyOnOpen<M, K extends keyof M>(importer: () => Promise<M>, name: K): M[K] {
  const Lazy = lazyNamed(importer, name) as ComponentType<{ open: boolean }>
  function OnOpen(props: { open: boolean }) {
    const [opened, setOpened] = useState(props.open)
    // Set while rendering (React's "adjust state on a prop change"): no closed frame first.
    if (props.open && !opened) setOpened(true)
    useEffect(() => prefetchUnlessPrecached(importer), [])
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return OnOpen as M[K]
}
