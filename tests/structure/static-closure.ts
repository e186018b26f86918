import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** A module of the static closure and the import chain that first reached it. */
export type Reached = { id: string; via: string[] }

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

/** `import … from 'x'`, `export … from 'x'` and `import 'x'` at the start of a line. */
const STATEMENT = /^(?:import|export)\s+(?:(type\s+)?([\w*{][^;]*?)\s+from\s+)?['"]([^'"]+)['"]/gm

/**
 * The value (not type-only) module specifiers a source file imports or re-exports statically.
 * A regular expression, not a parser: TypeScript 7 has no compiler API in JavaScript, and the
 * project's files keep one statement per import (Biome formats them).
 */
function valueImports(file: string): string[] {
  const specifiers: string[] = []
  for (const [, typeOnly, clause, specifier] of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
    if (typeOnly) continue
    // `import { type A, type B } from` alone is erased (no verbatimModuleSyntax).
    const named = clause?.trim().match(/^\{([\s\S]*)\}$/)
    const names = named?.[1]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
    if (names?.length && names.every((n) => n.startsWith('type '))) continue
    specifiers.push(specifier)
  }
  return specifiers
}

/** A relative specifier as a file under `root`, or the package name of a bare one. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) {
    const parts = specifier.split('/')
    return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  }
  if (/\.(css|svg|png|json)(\?.*)?$/.test(specifier) || specifier.includes('?')) return undefined
  const base = path.resolve(path.dirname(path.join(root, from)), specifier)
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = base + ext
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return path.relative(root, candidate)
  }
  return undefined
}

/**
 * Every module the bundle must load with `entry` before anything lazy: the static (value) imports
 * and re-exports followed from file to file; dynamic `import()` is where a lazy chunk starts, so
 * it is not followed. Packages are leaves, named by their package name. A barrel counts whole:
 * the bundler keeps a re-exported module whose top level has effects (a zod schema built there),
 * so reaching a barrel is treated as reaching everything it re-exports.
 */
export function staticClosure(root: string, entry: string): Map<string, Reached> {
  const reached = new Map<string, Reached>([[entry, { id: entry, via: [] }]])
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift()!
    const via = [...reached.get(file)!.via, file]
    for (const specifier of valueImports(path.join(root, file))) {
      const id = resolve(root, file, specifier)
      if (!id || reached.has(id)) continue
      reached.set(id, { id, via })
      if (/\.tsx?$/.test(id)) queue.push(id)
    }
  }
  return reached
}
