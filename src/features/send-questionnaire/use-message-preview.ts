import { fillTemplate } from '../../../contract/questionnaires'
import { API } from '../../api/client'
import { useApiQuery } from '../../api/query'
import { useReplica } from '../sync/replica-context'

type Template = { language: string; subject: string; text: string }

/**
 * GET /message-templates/new-questionnaire: the default text of the message, in the employee's
 * language; null until it arrives (or when offline — sending needs the connection anyway).
 */
export function useMessageTemplate(enabled: boolean): Template | null {
  const { data } = useApiQuery(API.questionnaires.newQuestionnaireTemplate, enabled ? {} : null, {
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  return data ?? null
}

/**
 * The customer's own shortcut link (POST …/questionnaires/{id}/shortcuts; the server keeps one
 * code per questionnaire and customer, so this is the link the message will carry: asking again
 * answers the same link, which makes it a query).
 */
export function useShortcutLink(questionnaireId: string, customerId: string | undefined, enabled: boolean) {
  const replica = useReplica()
  const { data } = useApiQuery(
    API.questionnaires.createShortcut,
    enabled && replica && questionnaireId && customerId
      ? { params: { org: replica.orgId, salon: replica.salonId, id: questionnaireId }, body: { customerId } }
      : null,
    { staleTime: Number.POSITIVE_INFINITY, retry: false },
  )
  return data?.url ?? null
}

/** The message as the first customer receives it: {{name}} and {{link}} filled in. */
export const previewText = (message: string, name: string, link: string | null) =>
  fillTemplate(message, { name, link: link ?? '…' })
