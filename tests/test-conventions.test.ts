import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * How the tests themselves are written (tests/README.md, e2e/README.md): e2e waits for a
 * condition, never for a time; tests build API URLs from the endpoint definitions
 * (`apiUrl(API.customers.get, { org, id })`), not by hand.
 */
const root = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('node_modules'))
    .map((f) => path.join(dir, f))
}

/** `file:line: text` of every line matching `pattern`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  )
}

/**
 * Literal /api/ paths that stay: what is no endpoint (the OpenAPI pages, an unknown path, a
 * malformed id), the session cookie's path, and the route table's own prefix.
 */
const DELIBERATE = [
  /'\/api\/(docs|docs\/json|nope|health)'/,
  // Addresses that are no endpoint on purpose (the JSON 404 sweep) and the OpenAPI document's own paths.
  /\['(GET|POST|DELETE)', '\/api\/(no-such-thing|organisations\/x\/no-such-thing|customers)'\]/,
  /the document's `\/api\//,
  /\/customers\/%E0%A4%A`/,
  /path: '\/api\/'/,
  /startsWith\('\/api\/(docs)?'\)/,
]
/** Written by the endpoint-definition and permission tests themselves, which read the route table. */
const OWN_ROUTE_TABLE = ['tests/api/endpoint-definitions.test.ts', 'tests/api/permissions.test.ts']

describe('test conventions', () => {
  it('tests and e2e build API URLs with apiUrl(API.…), never by hand', () => {
    const files = [...sources('tests'), ...sources('e2e')].filter(
      (f) => !OWN_ROUTE_TABLE.includes(f) && f !== 'tests/helpers/url.ts' && f !== 'tests/test-conventions.test.ts',
    )
    const handBuilt = linesMatching(files, /['"`]\/api\//).filter((line) => !DELIBERATE.some((re) => re.test(line)))
    expect(handBuilt).toEqual([])
  })

  it('e2e waits for a condition (a locator, expect.poll, a response), never for a time', () => {
    expect(linesMatching(sources('e2e'), /\bwaitForTimeout\s*\(/)).toEqual([])
  })
})
