import { expect, type Page } from '@playwright/test'

/** Page model of the staff customers screen (English UI). */
export class CustomersPage {
  constructor(readonly page: Page) {}

  async open(slug: string, search = '') {
    await this.page.goto(`/${slug}/admin/customers${search}`)
    await expect(this.page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  }

  get drawer() {
    return this.page.getByRole('dialog')
  }

  row(name: string | RegExp) {
    return this.page.getByTestId('customer-row').filter({ hasText: name })
  }

  pill() {
    return this.page.getByTestId('sync-pill')
  }

  async startCreate() {
    await this.page.getByRole('button', { name: 'Add customer' }).first().click()
    await expect(this.drawer.getByRole('heading', { name: 'New customer' })).toBeVisible()
  }

  async fill(fields: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone' | 'city' | 'dob', string>>) {
    const d = this.drawer
    if (fields.firstName !== undefined) await d.getByLabel('First name').fill(fields.firstName)
    if (fields.lastName !== undefined) await d.getByLabel('Last name').fill(fields.lastName)
    if (fields.email !== undefined) await d.getByLabel('E-mail address').fill(fields.email)
    if (fields.phone !== undefined) await d.getByLabel('Phone number', { exact: true }).fill(fields.phone)
    if (fields.city !== undefined) await d.getByLabel('City').fill(fields.city)
    if (fields.dob !== undefined) await d.getByLabel('Date of birth').fill(fields.dob)
  }

  async save() {
    await this.drawer.getByRole('button', { name: 'Save' }).click()
  }
}
