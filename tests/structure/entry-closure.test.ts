import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { staticClosure } from './static-closure'

/*
 * Issue 25: the installed app opens offline to the customer list in under a second on a
 * mid-range tablet. What the entry (src/main.tsx) imports statically is downloaded, compiled and
 * run before anything shows, so the form engine, phone parsing, dialogs and the zod endpoint
 * registry load with the screens that use them (lazily), never with the entry. A barrel import
 * in an entry-graph file is the usual way one slips back in; the chain below names it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
/*
 * zod is not listed yet: the routes' search params (src/routes/search.ts) are zod schemas, and the
 * customers route validates its search on the first render.
 */
const NOT_IN_ENTRY = ['libphonenumber-js', 'react-hook-form', '@headlessui/react', 'contract/endpoints/index.ts']

describe('the entry loads only what the first screen needs', () => {
  const closure = staticClosure(ROOT, 'src/main.tsx')
  for (const id of NOT_IN_ENTRY)
    it(`entry: ${id} is not in the static closure of src/main.tsx`, () => {
      const reached = closure.get(id)
      expect(reached ? [...reached.via, id].join(' -> ') : 'not reached').toBe('not reached')
    })
})

/*
 * The staff area's shell and the customer list (what the bench's offline open shows): the form
 * engine and the endpoint registry come with the drawers and dialogs, which load on their first
 * open (src/features/app/lazy-on-open.tsx).
 */
const NOT_ON_FIRST_SCREEN = ['react-hook-form', 'src/ui/form/index.ts', 'contract/endpoints/index.ts']
const FIRST_SCREEN = ['src/features/shell/staff-area.tsx', 'src/features/customers/customers-page.tsx']

describe('the customer list shows before its drawers and dialogs load', () => {
  for (const screen of FIRST_SCREEN) {
    const closure = staticClosure(ROOT, screen)
    for (const id of NOT_ON_FIRST_SCREEN)
      it(`first screen: ${id} is not in the static closure of ${screen}`, () => {
        const reached = closure.get(id)
        expect(reached ? [...reached.via, id].join(' -> ') : 'not reached').toBe('not reached')
      })
  }
})
