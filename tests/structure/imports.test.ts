import path from 'node:path'
import { type DependencyTree, parseCircular, parseDependencyTree, shortenTree } from 'dpdm'
import { beforeAll, describe, expect, it } from 'vitest'

/*
 * The import rules of README "Which folder may import which", checked with dpdm over the four
 * trees and shared/. Type-only imports count: a cycle through types is still a cycle to read.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const TREES = ['src/**/*.{ts,tsx}', 'src-worker/**/*.ts', 'shared/**/*.ts', 'server/**/*.ts', 'contract/**/*.ts']

let tree: DependencyTree
beforeAll(async () => {
  const full = await parseDependencyTree(TREES, {
    cwd: ROOT,
    context: ROOT,
    transform: false,
    skipDynamicImports: false,
  })
  tree = shortenTree(ROOT, full)
}, 60_000)

/** Every `importer -> imported` edge from files under `from` to files matching `to`. */
function edges(from: string, to: (id: string) => boolean): string[] {
  return Object.entries(tree).flatMap(([file, deps]) =>
    file.startsWith(from) && !/\.test\.tsx?$/.test(file)
      ? (deps ?? []).flatMap((d) => (d.id && to(d.id) ? [`${file} -> ${d.id}`] : []))
      : [],
  )
}

describe('structure: imports', () => {
  it('reads the trees (sanity: the sync engine imports the replica)', () => {
    expect(edges('src-worker/', (id) => id.startsWith('src/local-db/')).length).toBeGreaterThan(0)
  })

  it('has no import cycle among src, src-worker, shared, server and contract', () => {
    expect(parseCircular(tree).map((c) => c.join(' -> '))).toEqual([])
  })

  it('src never imports src-worker (a page starts a worker by its URL and types it from shared/)', () => {
    expect(edges('src/', (id) => id.startsWith('src-worker/'))).toEqual([])
  })

  it('src-worker takes from src only the replica and the API client', () => {
    expect(edges('src-worker/', (id) => id.startsWith('src/') && !/^src\/(local-db|api)\//.test(id))).toEqual([])
  })

  it('the data layer and the design system import no feature (src/api, src/local-db, src/ui)', () => {
    const layers = ['src/api/', 'src/local-db/', 'src/ui/']
    expect(layers.flatMap((l) => edges(l, (id) => id.startsWith('src/features/')))).toEqual([])
  })

  it('the data layer never imports the design system (src/api, src/local-db run in the sync worker too)', () => {
    expect(['src/api/', 'src/local-db/'].flatMap((l) => edges(l, (id) => id.startsWith('src/ui/')))).toEqual([])
  })

  it('shared/ imports only contract/ and npm packages', () => {
    expect(edges('shared/', (id) => !/^(shared|contract)\//.test(id) && !id.includes('node_modules/'))).toEqual([])
  })
})
