import type { Language } from '../../../contract/enums'
import { esc, type MailBrand, type MailContent, wrap } from './templates'

/**
 * Issue 12: "a document for you", with a link to the documents page of the customer's area. A
 * consent form asks them to read it and accept or decline; other kinds only to read it. The same
 * text goes by WhatsApp.
 */
type DocumentSentVars = { firstName: string; documentName: string; consent: boolean; link: string; brand: MailBrand }

const documentSent: Record<Language, (v: DocumentSentVars) => MailContent> = {
  nl: (v) => {
    const ask = v.consent
      ? 'Lees het toestemmingsformulier en geef aan of je akkoord gaat.'
      : 'Je kunt het document lezen via de link hieronder.'
    return {
      subject: v.consent
        ? `Toestemmingsformulier van ${v.brand.companyName}: ${v.documentName}`
        : `Document van ${v.brand.companyName}: ${v.documentName}`,
      text: `Hallo ${v.firstName},\n\n${v.brand.companyName} heeft je "${v.documentName}" gestuurd. ${ask}\n${v.link}\n\n${v.brand.companyName}`,
      html: wrap(
        [
          `Hallo ${esc(v.firstName)},`,
          `${esc(v.brand.companyName)} heeft je <strong>${esc(v.documentName)}</strong> gestuurd. ${ask}`,
          `<a href="${esc(v.link)}">${v.consent ? 'Bekijk en onderteken' : 'Bekijk het document'}</a>`,
          esc(v.brand.companyName),
        ],
        v.brand,
      ),
    }
  },
  en: (v) => {
    const ask = v.consent
      ? 'Please read the consent form and let us know whether you agree.'
      : 'You can read the document through the link below.'
    return {
      subject: v.consent
        ? `Consent form from ${v.brand.companyName}: ${v.documentName}`
        : `Document from ${v.brand.companyName}: ${v.documentName}`,
      text: `Hello ${v.firstName},\n\n${v.brand.companyName} has sent you "${v.documentName}". ${ask}\n${v.link}\n\n${v.brand.companyName}`,
      html: wrap(
        [
          `Hello ${esc(v.firstName)},`,
          `${esc(v.brand.companyName)} has sent you <strong>${esc(v.documentName)}</strong>. ${ask}`,
          `<a href="${esc(v.link)}">${v.consent ? 'Read and sign' : 'Read the document'}</a>`,
          esc(v.brand.companyName),
        ],
        v.brand,
      ),
    }
  },
}

export const documentSentMail = (lang: Language, v: DocumentSentVars) => documentSent[lang](v)
