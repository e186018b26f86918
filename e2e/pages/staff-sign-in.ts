import { expect, type Page } from '@playwright/test'

const TEXT = {
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in', synced: 'Synced' },
  nl: { email: 'E-mailadres', password: 'Wachtwoord', submit: 'Inloggen', synced: 'Gesynchroniseerd' },
} as const

/**
 * Page model of the staff sign-in screen (`/{slug}/admin` or `/admin`), in the browser's language.
 * Most specs sign in through the API (fixtures/api.ts `signInAsEmployee`); this is for the specs
 * that need the real form (a password for the kiosk's hand-back, a fresh device).
 */
export class StaffSignInPage {
  readonly text: (typeof TEXT)[keyof typeof TEXT]

  constructor(
    readonly page: Page,
    language: keyof typeof TEXT = 'nl',
  ) {
    this.text = TEXT[language]
  }

  async open(slug?: string) {
    await this.page.goto(slug ? `/${slug}/admin` : '/admin')
  }

  async submit(email: string, password: string) {
    await this.page.getByLabel(this.text.email).fill(email)
    await this.page.getByLabel(this.text.password, { exact: true }).fill(password)
    await this.page.getByRole('button', { name: this.text.submit }).click()
  }

  /**
   * Opens the form, signs in and waits until the replica is synced (the staff screens are then
   * usable offline). `synced`: the sync pill's text, which follows the employee's own language.
   */
  async signIn(slug: string, email: string, password: string, synced: string = this.text.synced) {
    await this.open(slug)
    await this.submit(email, password)
    await expect(this.page.getByTestId('sync-pill')).toHaveText(synced, { timeout: 30_000 })
  }
}
