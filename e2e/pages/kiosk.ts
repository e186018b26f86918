import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Page model of the kiosk (`/{slug}/admin/kiosk`) in Dutch: choose what the customer fills or
 * signs, hand the tablet over, and take it back with the staff member's PIN or password.
 */
export class KioskPage {
  constructor(readonly page: Page) {}

  /** The kiosk start screen's heading (shown again once the tablet is taken back). */
  heading() {
    return this.page.getByRole('heading', { name: 'Kiosk', level: 1 })
  }

  /** Open the kiosk with `customerId` chosen (as from the customer's drawer). */
  async openFor(slug: string, customerId: string) {
    await this.page.goto(`/${slug}/admin/kiosk?customer=${customerId}`)
    await expect(this.heading()).toBeVisible()
  }

  /** Choose a questionnaire or document on the start screen. */
  async choose(name: RegExp) {
    await this.page.getByRole('button', { name }).click()
  }

  async handOver() {
    await this.page.getByRole('button', { name: 'Overdragen' }).click()
  }

  /** The "stop hand-over" dialog, where staff take the tablet back during a questionnaire. */
  stopDialog() {
    return this.page.getByRole('dialog', { name: 'Overdracht stoppen?' })
  }

  /** Staff press "stop hand-over" (the customer is mid-questionnaire); answers the dialog. */
  async stopHandOver() {
    await this.page.getByRole('button', { name: 'Medewerker: overdracht stoppen' }).click()
    return this.stopDialog()
  }

  /** Staff type their kiosk PIN in the hand-back form (`unlock-form`) and take the tablet back. */
  async handBackWithPin(pin: string) {
    const form = this.page.getByTestId('unlock-form')
    await form.getByLabel(/Pincode van/).fill(pin)
    await form.getByRole('button', { name: 'Tablet terugnemen' }).click()
  }

  /** Staff type their password (in `within`, the whole page unless told) and take the tablet back. */
  async handBackWithPassword(password: string, within: Page | Locator = this.page) {
    await within.getByLabel(/Wachtwoord van/).fill(password)
    await within.getByRole('button', { name: 'Tablet terugnemen' }).click()
  }
}
