import { crc32, deflateSync } from 'node:zlib'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import type { Question } from '../../contract/questionnaires'
import { latestMail, unique } from '../fixtures/api'
import { createQuestionnaire, type Staff } from '../fixtures/demo'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

export { createCustomer as newCustomer, demoStaff, type Staff } from '../fixtures/demo'

type Q = { id: string; name: string; type: Question['type']; required?: boolean; group?: Question['group'] }
/** A customer questionnaire made by staff for this spec. */
export const newQuestionnaire = (request: APIRequestContext, s: Staff, questions: Q[]) =>
  createQuestionnaire(request, s, {
    name: `Huidfoto ${unique()}`,
    kind: 'customerQuestionnaire',
    questions,
  })

/** A question's block on the filling screen, found by its label id. */
export const questionSection = (page: Page, id: string) =>
  page.locator('section', { has: page.locator(`#q-${id}-label`) })

/** Code sign-in in the customer area of the demo organisation. */
export async function customerSignIn(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/demo')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByLabel('Login code')).toBeVisible()
  const code = (await latestMail(request, email)).text.match(/\b[A-Z0-9]{6}\b/)?.[0]
  await page.getByLabel('Login code').fill(code!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: /^Hello / })).toBeVisible()
}

/** The customer's submissions of one questionnaire as staff read them from the server. */
export async function serverSubmissions(request: APIRequestContext, s: Staff, customerId: string) {
  const res = await request.get(apiUrl(API.submissions.list, { org: s.org, salon: s.salon }), {
    headers: s.headers,
    params: { customerId, pageSize: '50' },
  })
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { items: { id: string; answers: { questionId: string; value: unknown }[] }[] }).items
}

/** A small PNG photo (a soft skin-tone gradient), made here so the spec carries no binary file. */
export function pngPhoto(width = 320, height = 200): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3
      rows.set([220 - (y * 40) / height, 180 - (x * 30) / width, 160], i)
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
