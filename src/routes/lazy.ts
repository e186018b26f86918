import { type ComponentType, lazy } from 'react'

/**
 * Screens load lazily (spec §2); while a chunk loads, the router's Suspense shows the blank
 * placeholder (defaultPendingComponent). Named exports keep the feature modules' style.
 */
export function lazyNamed<M, K extends keyof M>(importer: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await importer())[name] as ComponentType<object> })) as M[K]
}
