import { CheckCircle2, XCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { BulkSendResult } from '../../../../contract/documents/send'
import { translateFieldIssue } from '../../../ui/errors'

/** How many were sent, and who was skipped with the reason (translated from its code). */
export function BulkResultView({ result }: { result: BulkSendResult }) {
  const { t } = useTranslation()
  const skipped = result.results.filter((r) => r.status === 'skipped')
  return (
    <div className="flex flex-col gap-4" data-testid="send-document-result">
      {result.sent > 0 && (
        <p className="flex items-start gap-2 rounded-xl bg-[#e8f2ea] p-3 text-sm text-[#2b5533]" role="status">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('customer-documents.send.sentMany', { count: result.sent })}
        </p>
      )}
      {skipped.length > 0 && (
        <div className="flex flex-col gap-2 rounded-xl border border-[#eec5c1] bg-[#f8e7e5] p-3 text-sm text-[#6e2420]">
          <p role="alert" className="flex items-start gap-2 font-medium">
            <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('customer-documents.send.skipped', { count: skipped.length })}
          </p>
          <ul className="flex flex-col gap-1 pl-6">
            {skipped.map((r) => (
              <li key={r.customerId} data-testid="send-document-skipped">
                <span className="font-medium">{r.name}</span>:{' '}
                {translateFieldIssue(t, { code: `send.${r.reason}`, params: {} })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
