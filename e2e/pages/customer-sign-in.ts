import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { latestMail } from '../fixtures/api'

const TEXT = {
  en: { email: 'E-mail address', send: 'Send code', code: 'Login code', submit: 'Sign in' },
  nl: { email: 'E-mailadres', send: 'Code versturen', code: 'Inlogcode', submit: 'Inloggen' },
} as const

/**
 * Page model of the customer sign-in (`/{slug}`): an e-mail address, then the code the dev mailbox
 * received, in the browser's language.
 */
export class CustomerSignInPage {
  readonly text: (typeof TEXT)[keyof typeof TEXT]

  constructor(
    readonly page: Page,
    readonly request: APIRequestContext,
    language: keyof typeof TEXT = 'nl',
  ) {
    this.text = TEXT[language]
  }

  async open(slug: string) {
    await this.page.goto(`/${slug}`)
  }

  async requestCode(email: string) {
    await this.page.getByLabel(this.text.email).fill(email)
    await this.sendCode()
  }

  /** Asks for the code with the e-mail address already in the field (a shortcut link fills it in). */
  async sendCode() {
    await this.page.getByRole('button', { name: this.text.send }).click()
    await expect(this.page.getByLabel(this.text.code)).toBeVisible()
  }

  /** The six-character code of the latest mail to `email`. */
  async codeFromMail(email: string): Promise<string> {
    const mail = await latestMail(this.request, email)
    const code = mail.text.match(/\b[A-Z0-9]{6}\b/)?.[0]
    expect(code, mail.text).toBeTruthy()
    return code as string
  }

  async enterCode(code: string) {
    await this.page.getByLabel(this.text.code).fill(code)
    await this.page.getByRole('button', { name: this.text.submit }).click()
  }

  /** Open the salon's page and sign in with the code from the mailbox. */
  async signIn(slug: string, email: string) {
    await this.open(slug)
    await this.requestCode(email)
    await this.enterCode(await this.codeFromMail(email))
  }
}
