import { expect, type Locator, type Page } from '@playwright/test'

/** The Blueprint screens (issue 24): the course list, a course's outline and its open segment. */
export class BlueprintPage {
  constructor(readonly page: Page) {}

  async open(slug: string) {
    await this.page.goto(`/${slug}/admin/blueprint`)
    await expect(this.page.getByRole('heading', { name: 'Blueprint', level: 1 })).toBeVisible()
  }

  course(title: string): Locator {
    return this.page.getByTestId('blueprint-course').filter({ has: this.page.getByRole('heading', { name: title }) })
  }

  /** The course's progress bar on the list (or, on a course page, the outline's). */
  progress(title: string): Locator {
    return this.page.getByRole('progressbar', { name: `Progress in ${title}` }).first()
  }

  segment(): Locator {
    return this.page.getByTestId('segment-view')
  }

  async expectOpen(title: string) {
    await expect(this.segment().getByRole('heading', { name: title, level: 2, exact: true })).toBeVisible()
  }

  outlineItem(title: string): Locator {
    return this.page.getByTestId('outline-segment').filter({ hasText: title })
  }

  async goTo(title: string) {
    await this.outlineItem(title).click()
    await this.expectOpen(title)
  }

  async markDone() {
    await this.segment().getByRole('button', { name: 'Mark as done' }).click()
    await expect(this.segment().getByText('Done', { exact: true })).toBeVisible()
  }

  audio(): Locator {
    return this.segment().getByTestId('training-audio').locator('audio')
  }

  /** Seeks to `from` seconds, plays (muted) until `until`, and pauses (the pause saves the position). */
  async play(from: number, until: number) {
    await this.audio().evaluate(
      async (el: HTMLAudioElement, [a, b]) => {
        if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
        el.muted = true
        el.currentTime = a
        await el.play()
        await new Promise<void>((resolve) => {
          const check = () => {
            if (el.currentTime >= b || el.ended) {
              el.removeEventListener('timeupdate', check)
              resolve()
            }
          }
          el.addEventListener('timeupdate', check)
        })
        if (!el.ended) el.pause()
      },
      [from, until],
    )
  }

  /** Where the player stands now (seconds). */
  audioTime() {
    return this.audio().evaluate(async (el: HTMLAudioElement) => {
      if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }))
      return el.currentTime
    })
  }
}
