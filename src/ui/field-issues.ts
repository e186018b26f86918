import type { TFunction } from 'i18next'
import type { ZodError } from 'zod'
import { QUESTIONNAIRE_MSG, SEND_MSG, UPLOAD_MSG } from '../../contract/questionnaires'
import { MSG } from '../../contract/validation'
import { type FieldIssue, issueParams, issueRef, parseIssueRef, translateIssueCode } from './validation-issues'

/** English contract messages by their key in locales/<lang>/validation.json. */
const CONTRACT_MESSAGES: [prefix: string, texts: Record<string, string>][] = [
  ['', MSG],
  ['questionnaire.', QUESTIONNAIRE_MSG],
  ['send.', SEND_MSG],
  ['upload.', UPLOAD_MSG],
]
const MSG_KEYS = new Map<string, string>(
  CONTRACT_MESSAGES.flatMap(([prefix, texts]) => Object.entries(texts).map(([key, text]) => [text, prefix + key])),
)
/**
 * The contract messages by key (`email`, `dateInvalid`, `questionnaire.duplicateQuestion`, …): a
 * field problem whose `code` is one of these is translated by code and params alone
 * (`{ code: 'dateInvalid', params: { value: '31-02-1990' } }`), never from its English text.
 */
const MESSAGE_CODES = new Set(MSG_KEYS.values())
/** Messages the server fills in (e.g. "Failed to send questionnaire to: {{names}}."), as patterns. */
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const TEMPLATES = [...MSG_KEYS.entries()]
  .filter(([text]) => text.includes('{{'))
  .map(([text, key]) => {
    const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
    const source = text
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('(.+)')
    return { key, names, re: new RegExp(`^${source}$`, 's') }
  })

function contractKey(englishMessage: string): { key: string; values?: Record<string, string> } | null {
  const key = MSG_KEYS.get(englishMessage)
  if (key) return { key }
  for (const tpl of TEMPLATES) {
    const m = englishMessage.match(tpl.re)
    if (m) return { key: tpl.key, values: Object.fromEntries(tpl.names.map((n, i) => [n, m[i + 1]])) }
  }
  return null
}

/** Whether a message is one of the contract's own English texts (also with its {{values}} filled in). */
export function isContractMessage(englishMessage: string): boolean {
  return contractKey(englishMessage) !== null
}

/**
 * Translate a field message: one of the contract's English messages (MSG, QUESTIONNAIRE_MSG,
 * SEND_MSG, UPLOAD_MSG), also when the server filled in its {{values}}, or an issue reference
 * made by zodFieldErrors / fieldIssueMessage (zod's code and parameters → our catalogue).
 * Other texts pass through.
 */
export function translateValidation(t: TFunction, englishMessage: string): string {
  const found = contractKey(englishMessage)
  if (found) return t(`validation.${found.key}`, found.values)
  const ref = parseIssueRef(englishMessage)
  if (ref && MESSAGE_CODES.has(ref.code)) return t(`validation.${ref.code}`, ref.params)
  if (ref) return translateIssueCode(t, ref.code, ref.params)
  return englishMessage
}

/**
 * The message a form keeps for one problem: our contract text when the message is one of ours
 * (the spec's wording wins), else a reference to its code and parameters, so zod's own English
 * ("Too big: expected string to have <=100 characters") never reaches a screen.
 */
export function fieldIssueMessage(issue: FieldIssue): string {
  if (issue.code && MESSAGE_CODES.has(issue.code)) return issueRef(issue.code, issue.params ?? {})
  if (issue.message && contractKey(issue.message)) return issue.message
  return issueRef(issue.code ?? 'invalid', issue.params ?? {})
}

/** A server field entry or a zod issue, straight to text in the reader's language. */
export function translateFieldIssue(t: TFunction, issue: FieldIssue): string {
  return translateValidation(t, fieldIssueMessage(issue))
}

/** Client-side validation with the contract schemas: first message per dotted field path. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    if (path in out) continue
    // A refinement of ours names its code in params.code, as the server reads it (toFieldError).
    const own = issue.code === 'custom' ? (issue.params as Record<string, unknown> | undefined) : undefined
    out[path] =
      typeof own?.code === 'string'
        ? fieldIssueMessage({ code: own.code, params: own, message: issue.message })
        : fieldIssueMessage({
            code: issue.code,
            message: issue.message,
            params: issueParams(issue as unknown as Record<string, unknown>),
          })
  }
  return out
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
