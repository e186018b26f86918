import type { Language } from '../../../contract/enums'
import { esc, type MailContent, wrap } from './templates'

/**
 * Issue 21 #16: the code that confirms a new organisation owner's e-mail address, in the
 * language they signed up in. Until it is entered the organisation sends nothing to others.
 */
type ConfirmVars = { code: string; firstName: string; companyName: string; hours: number; link: string }

const ownerConfirm: Record<Language, (v: ConfirmVars) => MailContent> = {
  nl: (v) => ({
    subject: `Bevestig je e-mailadres voor ${v.companyName}: ${v.code}`,
    text: `Hallo ${v.firstName},\n\nJe bevestigingscode is: ${v.code}\n\nVul de code in bij de melding bovenaan ${v.link}. Daarna kan ${v.companyName} e-mails en WhatsApp-berichten sturen en medewerkers uitnodigen. De code is ${v.hours} uur geldig en werkt één keer. Heb je geen organisatie aangemaakt? Dan kun je deze e-mail negeren.`,
    html: wrap([
      `Hallo ${esc(v.firstName)},`,
      `Je bevestigingscode is: <strong style="font-size:1.4em;letter-spacing:0.2em">${esc(v.code)}</strong>`,
      `Vul de code in bij de melding bovenaan <a href="${esc(v.link)}">${esc(v.link)}</a>. Daarna kan ${esc(v.companyName)} e-mails en WhatsApp-berichten sturen en medewerkers uitnodigen.`,
      `De code is ${v.hours} uur geldig en werkt één keer. Heb je geen organisatie aangemaakt? Dan kun je deze e-mail negeren.`,
    ]),
  }),
  en: (v) => ({
    subject: `Confirm your e-mail address for ${v.companyName}: ${v.code}`,
    text: `Hello ${v.firstName},\n\nYour confirmation code is: ${v.code}\n\nEnter the code in the notice at the top of ${v.link}. After that ${v.companyName} can send e-mails and WhatsApp messages and invite employees. The code is valid for ${v.hours} hours and works once. Did not create an organisation? Then you can ignore this e-mail.`,
    html: wrap([
      `Hello ${esc(v.firstName)},`,
      `Your confirmation code is: <strong style="font-size:1.4em;letter-spacing:0.2em">${esc(v.code)}</strong>`,
      `Enter the code in the notice at the top of <a href="${esc(v.link)}">${esc(v.link)}</a>. After that ${esc(v.companyName)} can send e-mails and WhatsApp messages and invite employees.`,
      `The code is valid for ${v.hours} hours and works once. Did not create an organisation? Then you can ignore this e-mail.`,
    ]),
  }),
}

export const ownerConfirmMail = (lang: Language, v: ConfirmVars) => ownerConfirm[lang](v)
