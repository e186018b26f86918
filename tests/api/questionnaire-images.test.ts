import { describe, expect, it } from 'vitest'
import { QUESTIONNAIRE_MSG } from '../../contract/questionnaires'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { postQuestionnaire } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/*
 * Issue 7 #10: a question's image is the organisation's own upload or a catalogue icon. Any URL
 * (a tracking pixel that tells another site who opens the questionnaire) or another
 * organisation's file is refused with a clear message on the field; nothing is stored.
 */
const app = await buildTestApp()
const org = await seedOrganisation(app)
const other = await seedOrganisation(app)
const salon = org.salons[0]
const url = apiUrl(API.questionnaires.list, { org: org.id, salon: salon.id })
const withImage = (image: string | null, icon: string | null = null) => ({
  name: 'Images',
  questions: [{ id: 'q1', name: 'Look', type: 'string', image, icon }],
})
const create = (payload: object) => app.inject({ method: 'POST', url, headers: org.owner.headers, payload })

describe('question images come from the organisation itself', () => {
  it.each([
    ['a URL of another site', 'https://tracker.example/pixel.gif'],
    ['a protocol-relative URL', '//tracker.example/p.gif'],
    ['a data: URL', 'data:image/gif;base64,R0lGODlhAQABAAAAACw='],
    ['a path outside storage', '../../etc/passwd'],
    ["another organisation's upload", `${other.id}/images/0190f3c2-0000-7000-8000-000000000000.png`],
  ])('refuses %s', async (_what, image) => {
    const res = await create(withImage(image))
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields).toEqual([
      {
        path: 'questions.0.image',
        code: 'questionnaire.imageSource',
        params: {},
        message: QUESTIONNAIRE_MSG.imageSource,
      },
    ])
  })

  it('refuses an icon that is not a catalogue name', async () => {
    const res = await create(withImage(null, 'https://tracker.example/i.svg'))
    expect(res.statusCode).toBe(400)
    expect(res.json().details.fields[0]).toMatchObject({ path: 'questions.0.icon', message: QUESTIONNAIRE_MSG.icon })
  })

  it("accepts the organisation's own upload and a catalogue icon", async () => {
    const own = await create(withImage(`${org.id}/images/0190f3c2-0000-7000-8000-000000000000.png`, 'general/star'))
    expect(own.statusCode).toBe(201)
    const icon = await create(withImage('icons/general/star.svg'))
    expect(icon.statusCode).toBe(201)
  })

  it('an edit (PUT) is checked the same way and changes nothing when refused', async () => {
    const q = await postQuestionnaire(app, org.id, salon.id, org.owner.headers, withImage(null) as never)
    const res = await app.inject({
      method: 'PUT',
      url: `${url}/${q.id}`,
      headers: org.owner.headers,
      payload: withImage('https://tracker.example/pixel.gif'),
    })
    expect(res.statusCode).toBe(400)
    const now = await app.inject({ url: `${url}/${q.id}`, headers: org.owner.headers })
    expect(now.json().questions[0].image).toBeNull()
  })
})
