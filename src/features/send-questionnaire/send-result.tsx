import { CheckCircle2, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SendResult } from '../../../contract/questionnaires'
import { translateFieldIssue } from '../../ui/errors'

/**
 * What happened per customer: how many were sent, and each failure with the spec's reason
 * ("Customer does not have a phone number" …) under "Failed to send questionnaire to: {{names}}".
 * Each text is translated from its `code` and `params` (contract/messages.ts keys); the English
 * `message` beside them is the API's and never shown.
 */
export function SendResultView({ result }: { result: SendResult }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4" data-testid="send-result">
      {result.sent.length > 0 && (
        <p className="flex items-start gap-2 rounded-xl bg-[#e8f2ea] p-3 text-sm text-[#2b5533]" role="status">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('send-questionnaire.sentTo', { count: result.sent.length })}
        </p>
      )}
      {result.failed.length > 0 && (
        <div className="flex flex-col gap-2 rounded-xl border border-[#eec5c1] bg-[#f8e7e5] p-3 text-sm text-[#6e2420]">
          {result.summary && (
            <p role="alert" className="flex items-start gap-2 font-medium" data-testid="send-failed-summary">
              <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
              {translateFieldIssue(t, result.summary)}
            </p>
          )}
          <ul className="flex flex-col gap-1 pl-6">
            {result.failed.map((f) => (
              <li key={f.customerId} data-testid="send-failure">
                <span className="font-medium">{f.name}</span>: {translateFieldIssue(t, f)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
