import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Server data reaches the screens through the query layer (src/api/query.ts) or the replica,
 * never through a request made inside an effect (issue 20, item 2): this fails when a feature
 * file calls the server (call/send/download, their transport forms, or fetch) inside useEffect.
 */
const ROOT = join(import.meta.dirname, '../../src/features')
const REQUEST = /\b(call|send|download|apiCall|apiSend|apiDownload|fetch)\s*\(/

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )

/** The source of each `useEffect(...)` / `useLayoutEffect(...)` call, up to its closing parenthesis. */
function effectBodies(source: string): string[] {
  const out: string[] = []
  const start = /\buse(Layout)?Effect\s*\(/g
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let depth = 0
    let i = m.index + m[0].length - 1
    for (; i < source.length; i++) {
      if (source[i] === '(') depth++
      else if (source[i] === ')' && --depth === 0) break
    }
    out.push(source.slice(m.index, i + 1))
  }
  return out
}

describe('client data layer', () => {
  it('the check finds a request inside an effect, and not one in an event handler', () => {
    const bad = `useEffect(() => { call(API.x.y, { params }).then(set) }, [a])`
    const good = `useEffect(() => { setX(1) }, [a])\nconst onSave = () => call(API.x.y)`
    expect(effectBodies(bad).some((b) => REQUEST.test(b))).toBe(true)
    expect(effectBodies(good).some((b) => REQUEST.test(b))).toBe(false)
  })

  it('no feature file requests server data inside an effect', () => {
    const offenders = files(ROOT).filter((f) => {
      const source = readFileSync(f, 'utf8')
      return /\buse(Layout)?Effect\b/.test(source) && effectBodies(source).some((b) => REQUEST.test(b))
    })
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([])
  })
})
