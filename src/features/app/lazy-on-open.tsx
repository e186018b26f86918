import { type ComponentType, Suspense, useState } from 'react'
import { lazyNamed } from '../../routes/lazy'

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
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return OnOpen as M[K]
}
