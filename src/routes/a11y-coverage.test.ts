import { describe, expect, it } from 'vitest'
import { NOT_SCREENS, VISITED_ROUTES } from '../../e2e/a11y/routes'
import { router } from '../router'

// Issue 21 #24: axe runs on every screen. A route added without a visit in the a11y sweep
// (e2e/a11y/every-screen.spec.ts, listed in e2e/a11y/routes.ts) fails here, not in a user's hands.
describe('a11y sweep covers every route', () => {
  const paths = [...new Set(Object.values(router.routesById).map((r) => (r as { fullPath: string }).fullPath))]
  const covered = new Set<string>([...VISITED_ROUTES, ...Object.keys(NOT_SCREENS)])

  it('every route is visited by the sweep or says why it shows no screen', () => {
    expect(paths.filter((p) => !covered.has(p))).toEqual([])
  })

  it('the sweep lists no route that no longer exists', () => {
    expect([...covered].filter((p) => !paths.includes(p))).toEqual([])
  })
})
