import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The session token is attached in one place, the page's transport (src/api/transport.ts:
 * apiCall/apiSend/apiDownload, `as` for a customer or global-admin session), never passed by hand
 * in feature code (issue 20): this fails when a feature file gives `token` (`token: x` or the
 * shorthand `token`) to call/send/download or their transport forms.
 */
const ROOT = join(import.meta.dirname, '../../src/features')

/**
 * The files that pass a token on purpose, and only these: sign-outs (and an impersonation's stop)
 * that send the ENDING session's token, the sign-in flows and the storage grant (each session's own token), the sync worker
 * wiring (the worker keeps its own token), the reset-password page (the e-mail link's token).
 */
const ALLOWED = [
  'auth/employee-auth.ts',
  'auth/reset-password-page.tsx',
  'auth/storage-access.ts',
  'global-admin/global-admin-page.tsx',
  // Issue 23: the second-factor steps (each step's own short-lived token), and Stop, which ends
  // the impersonation with its own token.
  'global-admin/sign-in/global-sign-in.tsx',
  'global-admin/impersonation/impersonation-banner.tsx',
  'questionnaire-fill/customer-replica.ts',
  'questionnaire-fill/customer-sign-out.tsx',
  'sync/sync-provider.tsx',
  'sync/use-sync-worker.ts',
]

const REQUEST = /(?<![\w$])(call|send|download|apiCall|apiSend|apiDownload)\s*\(/g
/** A `token` key in an object literal: `token: …`, or the shorthand `{ token }` / `{ a, token, b }`. */
const TOKEN_KEY = /(^|[{,])\s*token\s*[:,}]/

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )

/** The argument text of each call/send/download(...) call, up to its closing parenthesis. */
function requestArgs(source: string): string[] {
  const out: string[] = []
  for (const m of source.matchAll(REQUEST)) {
    let depth = 0
    let i = m.index + m[0].length - 1
    for (; i < source.length; i++) {
      if (source[i] === '(') depth++
      else if (source[i] === ')' && --depth === 0) break
    }
    out.push(source.slice(m.index + m[0].length, i))
  }
  return out
}

const passesToken = (source: string) => requestArgs(source).some((a) => TOKEN_KEY.test(a))

describe('session token', () => {
  it('the check finds a token passed by hand, longhand or shorthand, and not a transport call', () => {
    expect(passesToken(`await call(API.x.y, { params: { org }, body, token: session.token })`)).toBe(true)
    expect(passesToken(`await call(API.x.y, {\n  params,\n  token,\n})`)).toBe(true)
    expect(passesToken(`send(API.x.y, { token })`)).toBe(true)
    expect(passesToken(`download(API.x.y, { params: { id: f(a) }, token: t })`)).toBe(true)
    expect(passesToken(`apiCall(API.x.y, { params: { org }, body, as: 'customer' })`)).toBe(false)
    expect(passesToken(`apiSend(API.x.y, { body: { tokenCount: 1 } })`)).toBe(false)
    expect(passesToken(`resetPassword({ token, password })`)).toBe(false)
  })

  it('the allow-list names files that exist', () => {
    expect(ALLOWED.filter((f) => !existsSync(join(ROOT, f)))).toEqual([])
  })

  it('no feature file passes a session token by hand outside the allow-list', () => {
    const offenders = files(ROOT)
      .map((f) => relative(ROOT, f).split('\\').join('/'))
      .filter((f) => !ALLOWED.includes(f) && passesToken(readFileSync(join(ROOT, f), 'utf8')))
    expect(offenders).toEqual([])
  })
})
