import { v7 as uuidv7 } from 'uuid'
import type { CreateQuestionnaire } from '../../contract/questionnaires'
import type { App } from '../../server/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/** A questionnaire with every question type and display logic. */
export function questionnaireBody(overrides: Partial<CreateQuestionnaire> = {}): CreateQuestionnaire {
  return {
    name: 'Intake test',
    kind: 'customerQuestionnaire',
    hidden: false,
    messageTemplate: null,
    questions: [
      { id: 'intro', name: 'Welcome', type: 'information', body: 'Hello' },
      { id: 'name', name: 'Nickname', type: 'string', required: true, group: 'customer' },
      {
        id: 'skin',
        name: 'Skin type',
        type: 'option',
        required: true,
        options: [
          { id: 'dry', customerTitle: 'Dry', employeeTitle: 'Dry skin (xerosis)' },
          { id: 'oily', customerTitle: 'Oily', employeeTitle: 'Oily skin' },
        ],
      },
      { id: 'allergic', name: 'Allergies?', type: 'boolean', required: true },
      {
        id: 'allergy',
        name: 'Which allergy?',
        type: 'string',
        required: true,
        displayLogic: [{ questionId: 'allergic', operator: 'equals', value: true }],
      },
      { id: 'age', name: 'Age', type: 'number' },
      { id: 'visit', name: 'Last visit', type: 'date' },
      { id: 'stars', name: 'Rating', type: 'rating' },
      { id: 'photo', name: 'Photo', type: 'image', videoUrl: 'https://www.youtube.com/watch?v=abc' },
    ],
    ...overrides,
  }
}

export async function postQuestionnaire(
  app: App,
  orgId: string,
  salonId: string,
  headers: Record<string, string>,
  body: CreateQuestionnaire = questionnaireBody(),
) {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.questionnaires.create, { org: orgId, salon: salonId }),
    headers,
    payload: body,
  })
  if (res.statusCode !== 201) throw new Error(`questionnaire create failed: ${res.statusCode} ${res.body}`)
  return res.json() as { id: string; name: string; questions: { id: string }[] }
}

export const validAnswers = () => [
  { questionId: 'name', value: 'Sas' },
  { questionId: 'skin', value: 'dry' },
  { questionId: 'allergic', value: true },
  { questionId: 'allergy', value: 'nuts' },
  { questionId: 'age', value: 34 },
  { questionId: 'visit', value: '2026-01-31' },
  { questionId: 'stars', value: 4 },
]

export const newId = () => uuidv7()
