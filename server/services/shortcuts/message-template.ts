import type { Language } from '../../../contract/enums'

/**
 * The default "new questionnaire" message (GET /message-templates/new-questionnaire), used when a
 * questionnaire has no template of its own. {{name}}: the customer's first name; {{link}}: the
 * shortcut link.
 */
export const NEW_QUESTIONNAIRE_TEMPLATE: Record<Language, { subject: string; text: string }> = {
  nl: {
    subject: 'Een vragenlijst voor je bezoek',
    text: 'Hoi {{name}},\n\nWil je deze vragenlijst invullen voor je bezoek? Open de link om te beginnen:\n{{link}}\n\nTot snel!',
  },
  en: {
    subject: 'A questionnaire for your visit',
    text: 'Hi {{name}},\n\nWould you fill in this questionnaire before your visit? Open the link to start:\n{{link}}\n\nSee you soon!',
  },
}
