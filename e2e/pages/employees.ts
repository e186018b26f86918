import { expect, type Page } from '@playwright/test'

/** Page model of the staff employees screen (Dutch UI, the default). */
export class EmployeesPage {
  constructor(readonly page: Page) {}

  async open(slug: string, search = '') {
    await this.page.goto(`/${slug}/admin/employees${search}`)
    await expect(this.page.getByRole('heading', { name: 'Medewerkers', level: 1 })).toBeVisible()
  }

  get drawer() {
    return this.page.getByRole('dialog')
  }

  get addButton() {
    return this.page.getByRole('button', { name: 'Medewerker toevoegen' }).first()
  }

  row(text: string | RegExp) {
    return this.page.getByTestId('employee-row').filter({ hasText: text })
  }

  async openRow(name: string) {
    await this.row(name).getByRole('button', { name }).click()
    await expect(this.drawer).toBeVisible()
  }

  /** Fills the new-employee form: names, e-mail and one role in the first offered branch. */
  async fillNew(v: { firstName: string; lastName: string; email: string; role: string }) {
    const d = this.drawer
    await d.getByLabel('Voornaam').fill(v.firstName)
    await d.getByLabel('Achternaam').fill(v.lastName)
    await d.getByLabel('E-mailadres').fill(v.email)
    await d
      .getByLabel(/^Rol in /)
      .first()
      .selectOption({ label: v.role })
  }
}
