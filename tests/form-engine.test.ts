import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Issue 20 #3: every form drawer and dialog goes through the one form engine (src/ui/form):
 * no feature keeps its own "dirty" by comparing JSON strings, nor uses the helpers it replaced.
 */
const FEATURES = path.join(import.meta.dirname, '..', 'src', 'features')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return files(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Comparing form values as JSON: `JSON.stringify(a) !== JSON.stringify(b)`, or against a kept baseline. */
const STRINGIFY_COMPARE = /JSON\.stringify\([^\n]*(?:[!=]==|baseline)|(?:[!=]==|baseline)[^\n]*JSON\.stringify\(/
const OLD_HELPERS = /\b(?:useFormSubmit|useFieldErrors|FormDrawerFooter)\b/

const rel = (f: string) => path.relative(FEATURES, f)

describe('forms go through the form engine', () => {
  const all = files(FEATURES)

  it('forms: no feature compares form values with JSON.stringify', () => {
    const offenders = all.filter((f) => STRINGIFY_COMPARE.test(readFileSync(f, 'utf8'))).map(rel)
    expect(offenders).toEqual([])
  })

  it('forms: no feature uses the helpers the engine replaced', () => {
    const offenders = all.filter((f) => OLD_HELPERS.test(readFileSync(f, 'utf8'))).map(rel)
    expect(offenders).toEqual([])
  })
})
