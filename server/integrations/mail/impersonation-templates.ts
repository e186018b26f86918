import type { Language } from '../../../contract/enums'
import { esc, type MailContent, wrap } from './templates'

/**
 * Issue 23: after a global admin acted as an employee, the employee is told: who, why, from when
 * to when, in the employee's language. Sent once, at stop or when the sweep finds it over.
 */
type Vars = { firstName: string; adminName: string; reason: string; from: string; until: string; companyName: string }

const ended: Record<Language, (v: Vars) => MailContent> = {
  nl: (v) => ({
    subject: `Een platformbeheerder was ingelogd als jij bij ${v.companyName}`,
    text: `Hallo ${v.firstName},\n\n${v.adminName}, beheerder van het platform, was van ${v.from} tot ${v.until} als jou ingelogd bij ${v.companyName}.\n\nReden: ${v.reason}\n\nWat er in die tijd is gedaan, staat in het activiteitenlogboek van je organisatie. Klopt er iets niet? Neem dan contact op met de eigenaar van je organisatie.`,
    html: wrap([
      `Hallo ${esc(v.firstName)},`,
      `${esc(v.adminName)}, beheerder van het platform, was van ${esc(v.from)} tot ${esc(v.until)} als jou ingelogd bij ${esc(v.companyName)}.`,
      `Reden: ${esc(v.reason)}`,
      'Wat er in die tijd is gedaan, staat in het activiteitenlogboek van je organisatie. Klopt er iets niet? Neem dan contact op met de eigenaar van je organisatie.',
    ]),
  }),
  en: (v) => ({
    subject: `A platform administrator was signed in as you at ${v.companyName}`,
    text: `Hello ${v.firstName},\n\n${v.adminName}, an administrator of the platform, was signed in as you at ${v.companyName} from ${v.from} until ${v.until}.\n\nReason: ${v.reason}\n\nWhat was done in that time is in your organisation's activity log. Something not right? Contact your organisation's owner.`,
    html: wrap([
      `Hello ${esc(v.firstName)},`,
      `${esc(v.adminName)}, an administrator of the platform, was signed in as you at ${esc(v.companyName)} from ${esc(v.from)} until ${esc(v.until)}.`,
      `Reason: ${esc(v.reason)}`,
      "What was done in that time is in your organisation's activity log. Something not right? Contact your organisation's owner.",
    ]),
  }),
}

export const impersonationEndedMail = (lang: Language, v: Vars) => ended[lang](v)
