import { type APIRequestContext, expect } from '@playwright/test'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../../tests/helpers/url'

/*
 * Academy set-up through the global admin's API (issue 24): a paid course with a preview segment
 * and paid ones, and a discount code for it (globalAdminHeaders in fixtures/global-admin.ts).
 */

export type Headers = Record<string, string>

/** A paid course of €49.00 excl. VAT: module "Basics" with a preview "Introduction", then "Technique" and "Aftercare". */
export async function paidCourseViaApi(request: APIRequestContext, admin: Headers, title: string) {
  const res = await request.post(apiUrl(API.globalPaidCourses.createCourse), {
    headers: admin,
    data: {
      title,
      titleEn: title,
      description: 'Peels van licht tot diep, veilig toegepast.',
      descriptionEn: 'Peels from light to deep, applied safely.',
      priceCents: 4900,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  const mod = await request.post(apiUrl(API.globalPaidCourses.createModule, { id }), {
    headers: admin,
    data: {
      title: 'Basis',
      titleEn: 'Basics',
      segments: [
        {
          kind: 'text',
          title: 'Introductie',
          titleEn: 'Introduction',
          text: '<p>Wat een peeling doet.</p>',
          textEn: '<p>What a peel does to the skin.</p>',
          preview: true,
        },
        {
          kind: 'text',
          title: 'Techniek',
          titleEn: 'Technique',
          text: '<p>Breng dun aan.</p>',
          textEn: '<p>Apply in thin, even layers.</p>',
        },
        {
          kind: 'text',
          title: 'Nazorg',
          titleEn: 'Aftercare',
          text: '<p>Zon vermijden.</p>',
          textEn: '<p>Avoid the sun for a week.</p>',
        },
      ],
    },
  })
  expect(mod.status(), await mod.text()).toBe(201)
  return id
}

/** A discount code for this course only (percent in basis points). */
export async function courseCodeViaApi(
  request: APIRequestContext,
  admin: Headers,
  o: { code: string; courseId: string; percent: number },
) {
  const res = await request.post(apiUrl(API.globalDiscountCodes.create), {
    headers: admin,
    data: { code: o.code, type: 'percent', value: o.percent * 100, appliesTo: [o.courseId], duration: 'once' },
  })
  expect(res.status(), await res.text()).toBe(201)
}
