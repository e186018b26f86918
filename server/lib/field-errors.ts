import type { FieldError } from '../../contract/errors'
import { CONTRACT_MESSAGES, isMessageKey, placeholders } from '../../contract/messages'

/** The issue keys a translation may use (contract/errors.ts FieldError); nothing else leaves. */
const PARAM_KEYS = [
  'maximum',
  'minimum',
  'origin',
  'exact',
  'inclusive',
  'format',
  'expected',
  'values',
  'keys',
  'divisor',
] as const

/** JSON has no bigint; a bound beyond 2^53 is still a number worth showing. */
const plain = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : v)

type IssueLike = { code: string; path: readonly PropertyKey[] | string; message: string }

/**
 * One zod issue → the API's field error. A refinement of ours names its own code in
 * `params.code` (`ctx.addIssue({ code: 'custom', params: { code: 'text_unstorable' } })`); a
 * contract message (contract/messages.ts `msg`, `customIssue`) stamps its key there on any issue,
 * and then the key is the code and `params` holds exactly the values its text fills in.
 */
export function toFieldError(issue: IssueLike): FieldError {
  const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.')
  const all = issue as unknown as Record<string, unknown>
  const own = (all.params as Record<string, unknown> | undefined) ?? {}
  if (isMessageKey(own.code)) {
    const values: Record<string, string> = {}
    for (const name of placeholders(CONTRACT_MESSAGES[own.code]))
      if (typeof own[name] === 'string' || typeof own[name] === 'number') values[name] = String(own[name])
    return { path, code: own.code, params: values, message: issue.message }
  }
  const code = issue.code === 'custom' && typeof own.code === 'string' ? own.code : issue.code
  const params: Record<string, unknown> = {}
  const source = issue.code === 'custom' ? own : all
  for (const k of PARAM_KEYS) if (source[k] !== undefined) params[k] = plain(source[k])
  // `origin` says whose size a bound is (characters, items, a number); elsewhere it adds nothing.
  if (code !== 'too_big' && code !== 'too_small') delete params.origin
  return { path, code, ...(Object.keys(params).length ? { params } : {}), message: issue.message }
}

/**
 * fastify-type-provider-zod's validation entries (`keyword` = issue code, `params` = the rest of
 * the issue, `instancePath` = /a/b/0) → field errors.
 */
export function fromFastifyValidation(
  entries: { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> }[],
): FieldError[] {
  return entries.map((v) =>
    toFieldError({
      ...(v.params ?? {}),
      code: v.keyword,
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'invalid',
    }),
  )
}
