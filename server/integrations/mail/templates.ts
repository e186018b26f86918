import type { Language } from '../../../contract/enums'

/**
 * Mail texts, one small function per message and language. Server-side mails cannot use the
 * client's i18next bundles, so both languages live here side by side.
 */
export type MailContent = { subject: string; text: string; html: string }

export const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/**
 * Who a mail comes from, shown at its top: the salon's logo (an absolute URL: mail clients load
 * it from the public storage address) or, without one, its company name.
 */
export type MailBrand = { companyName: string; logoUrl?: string | null }

/** The salon's logo, or its name, above the text (no brand: the mail starts with its text). */
const header = (brand?: MailBrand) => {
  if (!brand) return ''
  const mark = brand.logoUrl
    ? `<img src="${esc(brand.logoUrl)}" alt="${esc(brand.companyName)}" style="max-height:56px;max-width:220px;height:auto;border:0">`
    : `<span style="font-size:1.25em;font-weight:600;color:#2b2623">${esc(brand.companyName)}</span>`
  return `<div style="padding:0 0 16px;margin:0 0 16px;border-bottom:1px solid #e8e2dc">${mark}</div>`
}

/** The shared layout of every HTML mail: optional brand header, then the paragraphs. */
export const wrap = (paragraphs: string[], brand?: MailBrand) =>
  `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#2b2623">${header(brand)}${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`

type LoginCodeVars = { code: string; companyName: string; firstName: string; minutes: number; logoUrl?: string | null }

const loginCode: Record<Language, (v: LoginCodeVars) => MailContent> = {
  nl: (v) => ({
    subject: `Je inlogcode voor ${v.companyName}: ${v.code}`,
    text: `Hallo ${v.firstName},\n\nJe inlogcode is: ${v.code}\n\nDe code is ${v.minutes} minuten geldig en werkt één keer. Heb je niet om deze code gevraagd? Dan kun je deze e-mail negeren.\n\n${v.companyName}`,
    html: wrap(
      [
        `Hallo ${esc(v.firstName)},`,
        `Je inlogcode is: <strong style="font-size:1.4em;letter-spacing:0.2em">${esc(v.code)}</strong>`,
        `De code is ${v.minutes} minuten geldig en werkt één keer. Heb je niet om deze code gevraagd? Dan kun je deze e-mail negeren.`,
        esc(v.companyName),
      ],
      { companyName: v.companyName, logoUrl: v.logoUrl },
    ),
  }),
  en: (v) => ({
    subject: `Your login code for ${v.companyName}: ${v.code}`,
    text: `Hello ${v.firstName},\n\nYour login code is: ${v.code}\n\nThe code is valid for ${v.minutes} minutes and works once. Did not ask for this code? Then you can ignore this e-mail.\n\n${v.companyName}`,
    html: wrap(
      [
        `Hello ${esc(v.firstName)},`,
        `Your login code is: <strong style="font-size:1.4em;letter-spacing:0.2em">${esc(v.code)}</strong>`,
        `The code is valid for ${v.minutes} minutes and works once. Did not ask for this code? Then you can ignore this e-mail.`,
        esc(v.companyName),
      ],
      { companyName: v.companyName, logoUrl: v.logoUrl },
    ),
  }),
}

/** `brand`: the salon the employee works for (its logo or name heads the mail). */
type ResetVars = { link: string; firstName: string; minutes: number; brand?: MailBrand }

const passwordReset: Record<Language, (v: ResetVars) => MailContent> = {
  nl: (v) => ({
    subject: 'Stel een nieuw wachtwoord in',
    text: `Hallo ${v.firstName},\n\nKlik op deze link om een nieuw wachtwoord in te stellen:\n${v.link}\n\nDe link is ${v.minutes} minuten geldig en werkt één keer. Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.`,
    html: wrap(
      [
        `Hallo ${esc(v.firstName)},`,
        `<a href="${esc(v.link)}">Stel een nieuw wachtwoord in</a>`,
        `De link is ${v.minutes} minuten geldig en werkt één keer. Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.`,
      ],
      v.brand,
    ),
  }),
  en: (v) => ({
    subject: 'Set a new password',
    text: `Hello ${v.firstName},\n\nFollow this link to set a new password:\n${v.link}\n\nThe link is valid for ${v.minutes} minutes and works once. Did not ask for this? Then you can ignore this e-mail.`,
    html: wrap(
      [
        `Hello ${esc(v.firstName)},`,
        `<a href="${esc(v.link)}">Set a new password</a>`,
        `The link is valid for ${v.minutes} minutes and works once. Did not ask for this? Then you can ignore this e-mail.`,
      ],
      v.brand,
    ),
  }),
}

type InvitationVars = { link: string; firstName: string; companyName: string; days: number; logoUrl?: string | null }

/** Issue 9: a new employee (invited, no password yet) sets their password through the link. */
const invitation: Record<Language, (v: InvitationVars) => MailContent> = {
  nl: (v) => ({
    subject: `Je bent uitgenodigd voor ${v.companyName}`,
    text: `Hallo ${v.firstName},\n\nJe bent toegevoegd als medewerker van ${v.companyName}. Klik op deze link om je wachtwoord in te stellen:\n${v.link}\n\nDe link is ${v.days} dagen geldig en werkt één keer. Verlopen? Vraag je beheerder om een nieuwe uitnodiging.\n\n${v.companyName}`,
    html: wrap(
      [
        `Hallo ${esc(v.firstName)},`,
        `Je bent toegevoegd als medewerker van ${esc(v.companyName)}.`,
        `<a href="${esc(v.link)}">Stel je wachtwoord in</a>`,
        `De link is ${v.days} dagen geldig en werkt één keer. Verlopen? Vraag je beheerder om een nieuwe uitnodiging.`,
        esc(v.companyName),
      ],
      { companyName: v.companyName, logoUrl: v.logoUrl },
    ),
  }),
  en: (v) => ({
    subject: `You are invited to ${v.companyName}`,
    text: `Hello ${v.firstName},\n\nYou have been added as an employee of ${v.companyName}. Follow this link to set your password:\n${v.link}\n\nThe link is valid for ${v.days} days and works once. Expired? Ask your administrator for a new invitation.\n\n${v.companyName}`,
    html: wrap(
      [
        `Hello ${esc(v.firstName)},`,
        `You have been added as an employee of ${esc(v.companyName)}.`,
        `<a href="${esc(v.link)}">Set your password</a>`,
        `The link is valid for ${v.days} days and works once. Expired? Ask your administrator for a new invitation.`,
        esc(v.companyName),
      ],
      { companyName: v.companyName, logoUrl: v.logoUrl },
    ),
  }),
}

export const loginCodeMail = (lang: Language, v: LoginCodeVars) => loginCode[lang](v)
export const passwordResetMail = (lang: Language, v: ResetVars) => passwordReset[lang](v)
export const invitationMail = (lang: Language, v: InvitationVars) => invitation[lang](v)

/** Issue 11: "your advice is ready", with a link to the customer's advice page. */
type AdviceReadyVars = { firstName: string; link: string; brand: MailBrand }

const adviceReady: Record<Language, (v: AdviceReadyVars) => MailContent> = {
  nl: (v) => ({
    subject: `Je advies van ${v.brand.companyName} staat klaar`,
    text: `Hallo ${v.firstName},\n\nOp basis van je antwoorden staat je persoonlijke advies voor je klaar:\n${v.link}\n\n${v.brand.companyName}`,
    html: wrap(
      [
        `Hallo ${esc(v.firstName)},`,
        'Op basis van je antwoorden staat je persoonlijke advies voor je klaar.',
        `<a href="${esc(v.link)}">Bekijk je advies</a>`,
        esc(v.brand.companyName),
      ],
      v.brand,
    ),
  }),
  en: (v) => ({
    subject: `Your advice from ${v.brand.companyName} is ready`,
    text: `Hello ${v.firstName},\n\nBased on your answers, your personal advice is ready:\n${v.link}\n\n${v.brand.companyName}`,
    html: wrap(
      [
        `Hello ${esc(v.firstName)},`,
        'Based on your answers, your personal advice is ready.',
        `<a href="${esc(v.link)}">View your advice</a>`,
        esc(v.brand.companyName),
      ],
      v.brand,
    ),
  }),
}

export const adviceReadyMail = (lang: Language, v: AdviceReadyVars) => adviceReady[lang](v)
