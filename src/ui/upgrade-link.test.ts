import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/enums'
import { ApiError } from '../api/client'
import { i18n, loadLanguage } from '../i18n'
import { apiErrorMessage } from './errors'
import { FormError } from './form-error'
import { setUpgradeTarget, UPGRADE_CODES } from './upgrade-link'

// Each language is its own chunk (src/i18n); these tests read both.
beforeAll(() => Promise.all(LANGUAGES.map(loadLanguage)))

/** A form error of `code` as the screen shows it, in `lang`. */
function shown(lang: 'nl' | 'en', code: string): string {
  const i18nIn = i18n.cloneInstance({ lng: lang })
  const text = apiErrorMessage(i18nIn.t, new ApiError(402, code, ''))
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nIn }, createElement(FormError, { text })))
}

afterEach(() => setUpgradeTarget(null))

describe('the upgrade link after a refusal a better subscription solves', () => {
  it('follows every limit, expired and feature refusal where the staff shell said where the plans are', () => {
    setUpgradeTarget({ href: '/demo/admin/subscription/plans', go: () => {} })
    for (const code of UPGRADE_CODES) {
      expect(shown('en', code)).toContain('href="/demo/admin/subscription/plans"')
      expect(shown('en', code)).toContain('Upgrade your subscription')
      expect(shown('nl', code)).toContain('Je abonnement upgraden')
    }
    expect(shown('en', 'CUSTOMERS_LIMIT_REACHED')).toContain('Limit reached for customers: update your subscription.')
  })
  it('is not offered for other refusals, nor where nobody may buy (no target)', () => {
    setUpgradeTarget({ href: '/demo/admin/subscription/plans', go: () => {} })
    expect(shown('en', 'CUSTOMER_NOT_FOUND')).not.toContain('href=')
    setUpgradeTarget(null)
    expect(shown('en', 'EMPLOYEES_LIMIT_REACHED')).not.toContain('href=')
  })
})
