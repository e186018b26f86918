// `npm ci` installs package-lock.json exactly as committed, on any platform and on the Node
// version the README promises. Two ways a lock breaks that without anyone noticing on this
// machine: npm leaves out another platform's optional binary (npm ci then refuses the lock with
// "Missing: … from lock file"), or a package needs a newer Node than package.json's engines.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type LockPackage = {
  version?: string
  optionalDependencies?: Record<string, string>
  engines?: { node?: string } | string[]
  dev?: boolean
  optional?: boolean
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }

/** The lowest Node version package.json promises, e.g. ">=20.19" → [20, 19]. */
const promised = manifest.engines.node
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number)

/** Whether a simple engines range (">=22", ">= 18.0.0", "^20.19.0 || >=22") admits the promised version. */
const admits = (range: string): boolean =>
  range.split('||').some((part) => {
    const m = part.trim().match(/^(>=|\^|~)?\s*v?(\d+)(?:\.(\d+))?/)
    if (!m) return true // "*" and the like
    const [major, minor = 0] = [Number(m[2]), Number(m[3] ?? 0)]
    if (m[1] === '>=') return promised[0] > major || (promised[0] === major && (promised[1] ?? 0) >= minor)
    if (m[1] === '^') return promised[0] === major && (promised[1] ?? 0) >= minor
    return promised[0] === major
  })

describe('package-lock.json', () => {
  it('records every optional platform binary its packages declare', () => {
    const installed = new Set(Object.keys(lock.packages).map((k) => k.split('node_modules/').pop()))
    const missing = Object.entries(lock.packages).flatMap(([name, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((dep) => !installed.has(dep))
        .map((dep) => `${name} → ${dep}`),
    )
    expect(missing).toEqual([])
  })

  // An optional package whose engines do not fit is skipped by npm without a warning (rollup's
  // optional lzma binding), so only the packages that are always installed count.
  it(`installs no package that needs a newer Node than ${manifest.engines.node}`, () => {
    const tooNew = Object.entries(lock.packages)
      .filter(
        ([name, pkg]) => name !== '' && !pkg.optional && typeof (pkg.engines as { node?: string })?.node === 'string',
      )
      .filter(([, pkg]) => !admits((pkg.engines as { node: string }).node))
      .map(([name, pkg]) => `${name}@${pkg.version} (${(pkg.engines as { node: string }).node})`)
    expect(tooNew).toEqual([])
  })
})
