import { type ComponentType, lazy } from 'react'
import { isStaleVersionError, reloadIntoNewVersion } from '../features/app/stale-version'

/**
 * Screens load lazily (spec §2); while a chunk loads, the router's Suspense shows the blank
 * placeholder (defaultPendingComponent). Named exports keep the feature modules' style. A chunk
 * that no longer exists after a deploy reloads the page into the new version (stale-version.ts).
 */
export function lazyNamed<M, K extends keyof M>(importer: () => Promise<M>, name: K): M[K] {
  return lazy(async () => {
    try {
      return { default: (await importer())[name] as ComponentType<object> }
    } catch (err) {
      // A chunk of a replaced version: reload into the new one (the pending screen stays up).
      if (isStaleVersionError(err) && reloadIntoNewVersion(err)) return new Promise<never>(() => {})
      throw err
    }
  }) as M[K]
}
