import type { TFunction } from 'i18next'
import type { ZodError } from 'zod'
import { isMessageKey, type MessageKey, type MessageParams } from '../../contract/messages'
import { type FieldIssue, issueParams, issueRef, parseIssueRef, translateIssueCode } from './validation-issues'

/*
 * A field problem is translated by its code and params alone: a contract message key
 * (contract/messages.ts: `dateInvalid` with `{ value }`, `questionnaire.duplicateQuestion`, …)
 * names its entry of locales/<lang>/validation.json; any other code (zod's too_big,
 * invalid_type, …, or one of ours) goes through translateIssueCode, which ends in the general
 * "not valid". The English `message` is never read: it is the API's, for people and logs.
 */

/** A form's kept message for a contract message (`messageRef('slugReserved')`). */
export function messageRef(code: MessageKey, params?: MessageParams): string {
  return issueRef(code, params ?? {})
}

/**
 * Translate a form's kept field message: an issue reference made by zodFieldErrors,
 * fieldIssueMessage or messageRef. Anything else is not ours to show: the general "not valid".
 */
export function translateValidation(t: TFunction, kept: string): string {
  const ref = parseIssueRef(kept)
  if (!ref) return translateIssueCode(t, 'invalid')
  if (isMessageKey(ref.code)) return t(`validation.${ref.code}`, ref.params)
  return translateIssueCode(t, ref.code, ref.params)
}

/**
 * The message a form keeps for one problem: a reference to its code and parameters (a contract
 * message key and its values, or zod's code and limits), so zod's own English ("Too big:
 * expected string to have <=100 characters") never reaches a screen.
 */
export function fieldIssueMessage(issue: FieldIssue): string {
  return issueRef(issue.code ?? 'invalid', issue.params ?? {})
}

/** A server field entry, a zod issue or a contract issue, straight to text in the reader's language. */
export function translateFieldIssue(t: TFunction, issue: FieldIssue): string {
  return translateValidation(t, fieldIssueMessage(issue))
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
