import { eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { ContactChannel } from '../../../contract/enums'
import { messageText } from '../../../contract/messages'
import {
  fillTemplate,
  type SendFailureCode,
  type SendResult,
  type ZSendQuestionnaire,
} from '../../../contract/questionnaires'
import type { Db } from '../../db/client'
import { customers, organisations } from '../../db/schema'
import type { Mailer } from '../../integrations/mail/mailer'
import type { Whatsapp } from '../../integrations/whatsapp'
import { authorizeInBranch, type TenantCaller } from '../../auth/caller'
import { inBranch, notDeleted, tenant } from '../../scope'
import { auditEmployee } from '../audit'
import { customerMailLanguage } from '../customers/language'
import { assertMaySend } from '../organisations/sending-gate'
import { hasFeature, notInPlan } from '../billing/limits'
import { ensureShortcut, shortcutLink } from '../shortcuts'
import { NEW_QUESTIONNAIRE_TEMPLATE } from '../shortcuts/message-template'
import { queueWhatsapp } from '../whatsapp-credits/ledger'
import { loadQuestionnaire } from './read'

/**
 * Sends a questionnaire to each selected customer of the branch, one by one: e-mail or WhatsApp
 * within the customer's allowed types, the message from the template with the customer's name
 * and their shortcut link. A customer that cannot be reached is reported (spec §8 texts) and the
 * rest still go. Each WhatsApp message takes its credits, debited in the transaction that queues
 * it (services/whatsapp-credits/ledger.ts), so the balance never goes below zero and a queued
 * message is always paid for.
 */
export async function sendQuestionnaire(opts: {
  db: Db
  caller: TenantCaller
  salonId: string
  input: z.output<typeof ZSendQuestionnaire>
  mailer: Mailer
  whatsapp: Whatsapp
  publicUrl: string
  /** Counts one message to this customer against the usage limits; false: over a limit, not sent. */
  mayMessage?: (customerId: string) => Promise<boolean>
  /** Counts this call against the organisation's send budget (429 when spent), once it may send. */
  spendCall?: () => Promise<void>
}): Promise<SendResult> {
  const { db, caller, input } = opts
  await authorizeInBranch(db, caller, 'questionnaires.send', opts.salonId)
  await assertMaySend(db, caller.organisationId, input.channel ?? 'default')
  // Issue 22: sending by WhatsApp is a feature of the plan (e-mail never is).
  const whatsappInPlan = await hasFeature(db, caller.organisationId, 'whatsapp')
  if (input.channel === 'whatsapp' && !whatsappInPlan) throw notInPlan('whatsapp')
  await opts.spendCall?.()
  const questionnaire = await loadQuestionnaire(
    db,
    { organisationId: caller.organisationId, kind: 'customer' },
    input.questionnaireId,
  )
  const [org] = await db
    .select({ companyName: organisations.companyName, language: organisations.invoiceLanguage })
    .from(organisations)
    .where(eq(organisations.id, caller.organisationId))
  const rows = await db
    .select()
    .from(customers)
    .where(
      tenant(
        customers,
        caller,
        inArray(customers.id, input.customerIds),
        notDeleted(customers),
        inBranch(customers, opts.salonId),
      ),
    )
  const byId = new Map(rows.map((c) => [c.id, c]))
  // Each customer's default channel: refused as a whole before anyone is sent anything, so the
  // sender can choose e-mail instead (a half-sent list would be worse to redo).
  if (!whatsappInPlan && rows.some((c) => (input.channel ?? c.defaultMessagingType) === 'whatsapp'))
    throw notInPlan('whatsapp')

  const result: SendResult = { sent: [], failed: [], summary: null, message: null }
  // Each customer reached is one entry of the employee activity log ("who was contacted").
  const contacted = async (customerId: string, channel: ContactChannel) => {
    result.sent.push({ customerId, channel })
    await auditEmployee(db, caller, {
      event: 'questionnaireSend',
      salonId: opts.salonId,
      customerId,
      data: { questionnaireId: questionnaire.id, questionnaireName: questionnaire.name, channel },
    })
  }
  for (const customerId of [...new Set(input.customerIds)]) {
    const c = byId.get(customerId)
    // The reason by its catalogue key (what clients translate) and in English (verbatim, spec §8).
    const fail = (code: SendFailureCode) =>
      result.failed.push({
        customerId,
        name: c ? `${c.firstName} ${c.lastName}` : customerId,
        code,
        params: {},
        message: messageText(code),
      })
    if (!c) {
      fail('send.customerNotFound')
      continue
    }
    const channel = input.channel ?? (c.defaultMessagingType as ContactChannel)
    if (!c.allowedMessagingTypes.includes(channel)) {
      fail('send.notificationType')
      continue
    }
    if (channel === 'whatsapp' && !c.phoneNumber) {
      fail('send.noPhone')
      continue
    }
    if (opts.mayMessage && !(await opts.mayMessage(customerId))) {
      fail('send.tooMany')
      continue
    }
    const code = await ensureShortcut(db, {
      organisationId: caller.organisationId,
      questionnaireId: questionnaire.id,
      customerId,
    })
    // The default text and subject in the customer's language; a typed message is sent as typed.
    const template = NEW_QUESTIONNAIRE_TEMPLATE[customerMailLanguage(c, org?.language)]
    const text = fillTemplate(input.message ?? questionnaire.messageTemplate ?? template.text, {
      name: c.firstName,
      link: shortcutLink(opts.publicUrl, code),
    })
    if (channel === 'email') {
      await opts.mailer.send({
        organisationId: caller.organisationId,
        to: c.email,
        subject: `${template.subject} — ${org?.companyName ?? ''}`.replace(/ — $/, ''),
        text,
      })
      await contacted(customerId, channel)
      continue
    }
    const id = await queueWhatsapp(db, opts.whatsapp, {
      organisationId: caller.organisationId,
      customer: c,
      text,
      source: 'questionnaire',
      employeeId: caller.kind === 'employee' ? caller.employeeId : null,
    })
    if (!id) {
      fail('send.noCredits')
      continue
    }
    opts.whatsapp.deliver(id)
    await contacted(customerId, channel)
  }
  if (result.failed.length) {
    const params = { names: result.failed.map((f) => f.name).join(', ') }
    result.summary = { code: 'send.failedTo', params }
    result.message = messageText('send.failedTo', params)
  }
  return result
}
