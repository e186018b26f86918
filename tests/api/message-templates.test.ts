import { describe, expect, it } from 'vitest'
import { fillTemplate } from '../../contract/questionnaires'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const app = await buildTestApp()
const org = await seedOrganisation(app)
const url = apiUrl(API.questionnaires.newQuestionnaireTemplate)

describe('GET /message-templates/new-questionnaire', () => {
  it("message-templates: the default text in the employee's language, or the one asked for", async () => {
    // Test employees are English.
    const en = (await app.inject({ url, headers: org.owner.headers })).json()
    expect(en.language).toBe('en')
    expect(en.text).toContain('{{name}}')
    expect(en.text).toContain('{{link}}')
    const nl = (
      await app.inject({
        url: apiUrl(API.questionnaires.newQuestionnaireTemplate, { language: 'nl' }),
        headers: org.owner.headers,
      })
    ).json()
    expect(nl.language).toBe('nl')
    expect(fillTemplate(nl.text, { name: 'Sanne', link: 'https://x/shortcut?code=AB' })).toMatch(
      /^Hoi Sanne,[\s\S]*https:\/\/x\/shortcut\?code=AB/,
    )
  })

  it('message-templates: needs a staff session; a bad language is a 400', async () => {
    expect((await app.inject({ url })).statusCode).toBe(401)
    expect(
      (
        await app.inject({
          url: apiUrl(API.questionnaires.newQuestionnaireTemplate, { language: 'fr' }),
          headers: org.owner.headers,
        })
      ).statusCode,
    ).toBe(400)
  })
})
