import type { ZodError } from 'zod'
import { isMessageKey } from '../../contract/messages'

/*
 * Field problems as data, for every layer (the request core, the replica's queue check, the
 * forms): an issue is kept as a reference to its code and parameters, and only src/ui turns it
 * into text (field-issues.ts, validation-issues.ts).
 */

/**
 * A field problem as both sides describe it: a zod issue in a form (contract schemas run in the
 * browser too), a contract issue (dateTextError, answerError, …) or an entry of the server's
 * VALIDATION_FAILED `details.fields` (`{ path, code, params?, message }`). It is translated by
 * `code` and `params`; `message` is English (the spec's text or zod's own) and never shown.
 */
export type FieldIssue = { path?: string; code?: string; params?: Record<string, unknown>; message?: string }

/*
 * Forms keep their field errors as strings (one per path): a reference — "zod:" + JSON of code
 * and params — that translateValidation turns into the catalogue's text in the reader's language.
 */
const REF_PREFIX = 'zod:'

/** The issue's parameters worth a message: limits, formats, allowed values. */
const PARAM_NAMES = ['origin', 'maximum', 'minimum', 'inclusive', 'exact', 'format', 'divisor', 'keys', 'values']

export function issueParams(issue: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const name of PARAM_NAMES) {
    const v = issue[name]
    if (v === undefined || typeof v === 'function') continue
    params[name] = typeof v === 'bigint' ? Number(v) : v
  }
  return params
}

export function issueRef(code: string, params: Record<string, unknown> = {}): string {
  return REF_PREFIX + JSON.stringify({ code, params })
}

export function parseIssueRef(text: string): { code: string; params: Record<string, unknown> } | null {
  if (!text.startsWith(REF_PREFIX)) return null
  try {
    const v = JSON.parse(text.slice(REF_PREFIX.length)) as { code?: unknown; params?: unknown }
    if (typeof v.code !== 'string') return null
    const params = v.params && typeof v.params === 'object' ? (v.params as Record<string, unknown>) : {}
    return { code: v.code, params }
  } catch {
    return null
  }
}

/**
 * The message a form keeps for one problem: a reference to its code and parameters (a contract
 * message key and its values, or zod's code and limits), so zod's own English ("Too big:
 * expected string to have <=100 characters") never reaches a screen.
 */
export function fieldIssueMessage(issue: FieldIssue): string {
  return issueRef(issue.code ?? 'invalid', issue.params ?? {})
}

/** Client-side validation with the contract schemas: first message per dotted field path. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (path in out) continue
    // A contract message (any issue) or a refinement of ours names its code in params.code, as
    // the server reads it (toFieldError).
    const own = (issue as { params?: Record<string, unknown> }).params
    const ownCode = isMessageKey(own?.code) || issue.code === 'custom' ? own?.code : undefined
    out[path] =
      typeof ownCode === 'string'
        ? fieldIssueMessage({ code: ownCode, params: withoutCode(own), message: issue.message })
        : fieldIssueMessage({
            code: issue.code,
            message: issue.message,
            params: issueParams(issue as unknown as Record<string, unknown>),
          })
  }
  return out
}

function withoutCode(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const { code: _code, ...rest } = params ?? {}
  return rest
}

/** The `details.fields` of a VALIDATION_FAILED answer (or outbox refusal), whatever came back. */
export function validationFields(details: unknown): (FieldIssue & { path: string })[] {
  const fields = (details as { fields?: unknown } | null | undefined)?.fields
  if (!Array.isArray(fields)) return []
  return fields
    .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object')
    .map((f) => ({
      path: typeof f.path === 'string' ? f.path : '',
      code: typeof f.code === 'string' ? f.code : undefined,
      params: f.params && typeof f.params === 'object' ? (f.params as Record<string, unknown>) : undefined,
      message: typeof f.message === 'string' ? f.message : undefined,
    }))
}
