import type { TFunction } from 'i18next'
import type { EmployeeActivity } from '../../../contract/employees'

type Data = {
  fields?: string[]
  conflicts?: string[]
  assignExisting?: boolean
  search?: string
  results?: number
  questionnaireName?: string
  questionName?: string
  channel?: string
  name?: string
  kioskPin?: 'set' | 'removed'
  reason?: string
}

/** A field name in the reader's language: a customer field by its form label, others by name. */
function fieldName(t: TFunction, field: string): string {
  return t(`customers.fields.${field}`, {
    defaultValue: t(`activity-log.fieldNames.${field}`, { defaultValue: field }),
  })
}

/**
 * The entry's data in one line (spec §3 "data"): what changed, what was sent, what was searched.
 * Only what the audit event holds (ids, field names, questionnaire names); the customer's name
 * comes from `contacted`. Null when there is nothing to add to the type.
 */
export function summaryOf(t: TFunction, a: EmployeeActivity): string | null {
  const d = (a.data && typeof a.data === 'object' ? a.data : {}) as Data
  const parts: string[] = []
  switch (a.type) {
    case 'questionnaireCreate':
      if (d.name) parts.push(d.name)
      break
    case 'customerUpdate':
    case 'salonUpdate':
    case 'questionnaireUpdate':
    case 'organisationUpdate':
    case 'updateRole':
    case 'employeeUpdate':
      // The questionnaire or role by name (what was changed), then which of its fields.
      if (d.name && (a.type === 'questionnaireUpdate' || a.type === 'updateRole'))
        parts.push(a.type === 'updateRole' ? t('activity-log.summary.role', { name: d.name }) : d.name)
      if (d.assignExisting) parts.push(t('activity-log.summary.assignExisting'))
      else if (d.fields?.length)
        parts.push(t('activity-log.summary.fields', { fields: d.fields.map((f) => fieldName(t, f)).join(', ') }))
      if (d.conflicts?.length) parts.push(t('activity-log.summary.conflicts', { count: d.conflicts.length }))
      if (d.kioskPin)
        parts.push(
          t(d.kioskPin === 'set' ? 'activity-log.summary.kioskPinSet' : 'activity-log.summary.kioskPinRemoved'),
        )
      break
    case 'impersonationStart':
    case 'impersonationStop':
      if (d.reason) parts.push(t('activity-log.summary.reason', { reason: d.reason }))
      break
    case 'customersSearch':
      if (d.search) parts.push(t('activity-log.summary.search', { search: d.search }))
      if (typeof d.results === 'number') parts.push(t('activity-log.summary.results', { count: d.results }))
      break
    case 'questionnaireSend':
      parts.push(
        t('activity-log.summary.sent', {
          questionnaire: d.questionnaireName ?? '',
          channel: t(`activity-log.channels.${d.channel}`, { defaultValue: d.channel ?? '' }),
        }),
      )
      break
    case 'submissionCreated':
      if (d.questionnaireName) parts.push(d.questionnaireName)
      break
    case 'answerUpdated':
      if (d.questionName) parts.push(d.questionName)
      break
    case 'createRole':
      if (d.name) parts.push(t('activity-log.summary.role', { name: d.name }))
      break
  }
  return parts.length ? parts.join(' · ') : null
}

/**
 * Done offline: the device time differs from when the server received it by more than a minute
 * (every synced change carries its device time; one sent at once needs no second time).
 */
export function wasOffline(a: EmployeeActivity): boolean {
  return a.occurredAt !== null && Date.parse(a.receivedAt) - Date.parse(a.occurredAt) > 60_000
}
