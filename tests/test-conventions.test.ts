import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * How the tests themselves are written (tests/README.md, e2e/README.md): e2e waits for a
 * condition, never for a time.
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

describe('test conventions', () => {
  it('e2e waits for a condition (a locator, expect.poll, a response), never for a time', () => {
    expect(linesMatching(sources('e2e'), /\bwaitForTimeout\s*\(/)).toEqual([])
  })
})
