import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../contract/enums'
import type { SendResult } from '../../../contract/questionnaires'
import { i18n, loadLanguage } from '../../i18n'
import { SendResultView } from './send-result'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

/** The result view's text in a language, tags dropped. */
function shown(lang: 'nl' | 'en', result: SendResult): string {
  const i18nIn = i18n.cloneInstance({ lng: lang })
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: i18nIn }, createElement(SendResultView, { result })),
  )
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
}

const anna = '0195f2b0-0000-7000-8000-000000000001'
const bram = '0195f2b0-0000-7000-8000-000000000002'
const cas = '0195f2b0-0000-7000-8000-000000000003'

/** A result whose English texts are not the spec's: only code and params may be read. */
const result: SendResult = {
  sent: [{ customerId: anna, channel: 'whatsapp' }],
  failed: [
    { customerId: bram, name: 'Bram Visser', code: 'send.noPhone', params: {}, message: 'No phone (reworded)' },
    {
      customerId: cas,
      name: 'Cas & Co',
      code: 'send.notificationType',
      params: {},
      message: 'Customer does not have a phone number.',
    },
  ],
  summary: { code: 'send.failedTo', params: { names: 'Bram Visser, Cas & Co' } },
  message: 'Something else entirely',
}

describe('SendResultView: translates each failure and the summary by code and params, never by text', () => {
  it('Dutch', () => {
    const text = shown('nl', result)
    expect(text).toContain('Vragenlijst verstuurd naar 1 klant.')
    expect(text).toContain('Versturen van de vragenlijst is mislukt naar: Bram Visser, Cas &amp; Co.')
    expect(text).toContain('Bram Visser : Klant heeft geen telefoonnummer.')
    expect(text).toContain('Cas &amp; Co : Klant accepteert dit type melding niet.')
    expect(text).not.toMatch(/reworded|Something else|Customer does not/)
  })
  it('English: the catalogue text, not the message that came with it', () => {
    const text = shown('en', result)
    expect(text).toContain('Failed to send questionnaire to: Bram Visser, Cas &amp; Co.')
    expect(text).toContain('Bram Visser : Customer does not have a phone number.')
    expect(text).toContain('Cas &amp; Co : Customer does not accept this notification type.')
    expect(text).not.toMatch(/reworded|Something else/)
  })
  it('every failure code of the contract has its own text in both languages', async () => {
    const { SEND_FAILURE_CODES } = await import('../../../contract/questionnaires')
    for (const lang of ['nl', 'en'] as const) {
      const texts = SEND_FAILURE_CODES.map((code) =>
        shown(lang, { ...result, failed: [{ customerId: bram, name: 'B', code, params: {}, message: 'x' }] }),
      )
      expect(new Set(texts).size).toBe(SEND_FAILURE_CODES.length)
      for (const text of texts) expect(text).not.toMatch(/niet geldig|not valid/)
    }
  })
})
