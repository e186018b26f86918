import { expect, type Locator, type Page } from '@playwright/test'

/** Page model of the staff questionnaire editor (English UI). */
export class EditorPage {
  constructor(readonly page: Page) {}

  get cards() {
    return this.page.getByTestId('question-card')
  }

  /** Adds a question of the type (menu label) and names it; the new card opens with the name focused. */
  async addQuestion(typeLabel: string, name: string) {
    await this.page.getByRole('button', { name: 'Add question' }).click()
    await this.page.getByRole('menuitem', { name: typeLabel, exact: true }).click()
    const card = this.cards.last()
    await expect(card.getByLabel('Question', { exact: true })).toBeFocused()
    await card.getByLabel('Question', { exact: true }).fill(name)
    return card
  }

  /** Closes an open card so the list stays short for reordering. */
  async collapse(card: Locator) {
    await card.locator('button[aria-expanded="true"]').click()
  }

  async names() {
    return this.cards.getByTestId('question-title').allTextContents()
  }

  handle(card: Locator) {
    return card.getByRole('button', { name: /^Move “[^”]*”$/ })
  }

  get preview() {
    return this.page.getByTestId('questionnaire-preview')
  }
}
