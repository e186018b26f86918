import { useEffect, useState } from 'react'
import { fillTemplate } from '../../../contract/questionnaires'
import { API, call } from '../../api/client'
import { getEmployeeToken } from '../auth/session'
import { useReplica } from '../sync/replica-context'

type Template = { language: string; subject: string; text: string }

/**
 * GET /message-templates/new-questionnaire: the default text of the message, in the employee's
 * language; null until it arrives (or when offline — sending needs the connection anyway).
 */
export function useMessageTemplate(enabled: boolean): Template | null {
  const [template, setTemplate] = useState<Template | null>(null)
  useEffect(() => {
    if (!enabled || template) return
    const ctrl = new AbortController()
    call(API.questionnaires.newQuestionnaireTemplate, { token: getEmployeeToken(), signal: ctrl.signal })
      .then(setTemplate)
      .catch(() => undefined)
    return () => ctrl.abort()
  }, [enabled, template])
  return template
}

/**
 * The customer's own shortcut link (POST …/questionnaires/{id}/shortcuts; the server keeps one
 * code per questionnaire and customer, so this is the link the message will carry).
 */
export function useShortcutLink(questionnaireId: string, customerId: string | undefined, enabled: boolean) {
  const replica = useReplica()
  const [link, setLink] = useState<string | null>(null)
  useEffect(() => {
    setLink(null)
    if (!enabled || !replica || !questionnaireId || !customerId) return
    const ctrl = new AbortController()
    call(API.questionnaires.createShortcut, {
      params: { org: replica.orgId, salon: replica.salonId, id: questionnaireId },
      body: { customerId },
      token: getEmployeeToken(),
      signal: ctrl.signal,
    })
      .then((r) => setLink(r.url))
      .catch(() => undefined)
    return () => ctrl.abort()
  }, [enabled, replica, questionnaireId, customerId])
  return link
}

/** The message as the first customer receives it: {{name}} and {{link}} filled in. */
export const previewText = (message: string, name: string, link: string | null) =>
  fillTemplate(message, { name, link: link ?? '…' })
