import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'

/*
 * A name cut short with an ellipsis (Tailwind `truncate`) must say itself in full on hover and
 * focus: the e2e layout check (e2e/fixtures/a11y.ts, layoutProblems) fails a screen where it does
 * not, but only on the screens and data an e2e run happens to show. Here every element in src with
 * the class carries a `title` on the same element; `Truncated` (src/ui/truncated.tsx) does both.
 *
 * The source is parsed with Vite's parser (oxc): TypeScript 7 ships no parser to call from JS.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const EXEMPT = new Set(['src/ui/truncated.tsx'])

/** True for a class list holding `truncate`, alone or behind variants (`md:truncate`). */
const hasTruncate = (classes: string) => classes.split(/\s+/).some((c) => c === 'truncate' || c.endsWith(':truncate'))

/** An ESTree node as oxc gives it, read loosely: only `type`, `start` and the children matter here. */
type Node = { type: string; start: number; [key: string]: unknown }
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'
const children = (n: Node): Node[] =>
  Object.values(n).flatMap((v) => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []))

/** The text of a string in the source: `"a"`, `'a'`, or a piece of a template literal. */
function stringText(n: Node): string | undefined {
  if (n.type === 'Literal' && typeof n.value === 'string') return n.value
  if (n.type === 'TemplateElement') return (n.value as { raw: string }).raw
  return undefined
}

function strings(n: Node): string[] {
  const text = stringText(n)
  return [...(text === undefined ? [] : [text]), ...children(n).flatMap(strings)]
}

const attrName = (a: Node) => (a.type === 'JSXAttribute' ? (a.name as Node & { name?: string }).name : undefined)

type Finding = { line: number; problem: 'no title' | 'outside className' }
type Scan = { elements: number; findings: Finding[] }

/**
 * The JSX elements of one source whose className holds `truncate` with no `title` beside it, and
 * class strings with `truncate` outside a className (a constant this check could not follow).
 */
function scanTruncate(source: string, fileName = 'sample.tsx'): Scan {
  const { program, errors } = parseSync(fileName, source)
  if (errors.length > 0) throw new Error(`${fileName}: ${errors[0].message}`)
  const scan: Scan = { elements: 0, findings: [] }
  const line = (n: Node) => source.slice(0, n.start).split('\n').length

  const visit = (n: Node, inClassName: boolean) => {
    if (n.type === 'JSXOpeningElement') {
      const attrs = (n.attributes as Node[]).filter((a) => a.type === 'JSXAttribute')
      const className = attrs.find((a) => attrName(a) === 'className')
      if (className && strings(className).some(hasTruncate)) {
        scan.elements++
        if (!attrs.some((a) => attrName(a) === 'title')) scan.findings.push({ line: line(n), problem: 'no title' })
      }
    }
    const text = stringText(n)
    if (text !== undefined && hasTruncate(text) && !inClassName) {
      scan.findings.push({ line: line(n), problem: 'outside className' })
    }
    for (const c of children(n)) {
      visit(c, n.type === 'JSXAttribute' ? attrName(n) === 'className' : inClassName)
    }
  }
  visit(program as unknown as Node, false)
  return scan
}

function tsxFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`
    if (d.isDirectory()) return tsxFiles(rel)
    return d.name.endsWith('.tsx') ? [rel] : []
  })
}

describe('structure: text cut short says itself in full', () => {
  it('the checker flags an untitled truncate and passes a titled one', () => {
    const bad = `
      const a = <span className="truncate text-ink">{l.email}</span>
      const b = <dt className={cx('text-muted', horizontal && 'shrink-0 truncate')}>{r.label}</dt>
      const c = <p className="text-sm md:truncate" data-testid="x" />
      const d = <span className={\`truncate \${tone}\`}>{name}</span>
      const CLS = 'truncate text-sm'
    `
    expect(scanTruncate(bad).findings).toEqual([
      { line: 2, problem: 'no title' },
      { line: 3, problem: 'no title' },
      { line: 4, problem: 'no title' },
      { line: 5, problem: 'no title' },
      { line: 6, problem: 'outside className' },
    ])
    const good = `
      const a = <span className="truncate" title={name}>{name}</span>
      const b = <dt className={cx('a', on && 'truncate')} title={r.label}>{r.label}</dt>
      const c = <Truncated className="text-ink" text={name} />
      const d = <span className="line-clamp-2 text-truncated" title={t('customers.truncate')}>{name}</span>
    `
    expect(scanTruncate(good)).toEqual({ elements: 2, findings: [] })
  })

  it('every truncate in src carries a title on the same element (or is a Truncated)', () => {
    const scans = tsxFiles('src')
      .filter((f) => !EXEMPT.has(f))
      .map((f) => ({ f, scan: scanTruncate(readFileSync(path.join(ROOT, f), 'utf8'), f) }))
    const bad = scans.flatMap(({ f, scan }) => scan.findings.map((x) => `${f}:${x.line} ${x.problem}`))
    expect(bad).toEqual([])
    // The sweep sees the titled ones left in src (a broken walk would make this test vacuous).
    expect(scans.reduce((n, { scan }) => n + scan.elements, 0)).toBeGreaterThan(0)
  })
})
