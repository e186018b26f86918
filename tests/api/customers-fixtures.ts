import { v7 as uuidv7 } from 'uuid'
import { expect } from 'vitest'
import type { CreateCustomer } from '../../contract/customers'
import type { App } from '../../server/app'
import type { FileStore } from '../../server/integrations/storage'
import { saveImage } from '../../server/services/uploads'
import { unique } from '../helpers/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'
import { postQuestionnaire, questionnaireBody, validAnswers } from './questionnaires-fixtures'

/** A valid create body with a unique e-mail (customers tests only). */
export function customerBody(salonIds: string[], overrides: Partial<CreateCustomer> = {}): CreateCustomer {
  return {
    email: `${unique('cust-')}@example.test`,
    firstName: 'Anna',
    lastName: unique('Jansen-'),
    phoneNumber: '+31612345678',
    salonIds,
    ...overrides,
  }
}

export async function postCustomer(
  app: App,
  orgId: string,
  headers: Record<string, string>,
  body: CreateCustomer,
): Promise<{ id: string; version: number; salonIds: string[]; email: string; [k: string]: unknown }> {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.customers.create, { org: orgId }),
    headers,
    payload: body,
  })
  if (res.statusCode !== 201) throw new Error(`create customer: ${res.statusCode} ${res.body}`)
  return res.json()
}

export const newId = (): string => uuidv7()

/** The smallest PNG header the upload check accepts. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/**
 * A staff-taken submission for the customer whose photo answer is a stored image (what an export
 * or a hard delete must carry along); checks the 201 and answers the photo's storage path.
 */
export async function postSubmissionWithPhoto(
  app: App,
  o: { orgId: string; salonId: string; headers: Record<string, string>; storage: FileStore; customerId: string },
) {
  const q = await postQuestionnaire(app, o.orgId, o.salonId, o.headers, questionnaireBody())
  const photo = await saveImage({ storage: o.storage, organisationId: o.orgId, bytes: PNG })
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.submissions.create, { org: o.orgId, salon: o.salonId }),
    headers: o.headers,
    payload: {
      id: newId(),
      customerId: o.customerId,
      questionnaireId: q.id,
      takenBy: 'employee',
      answers: [...validAnswers(), { questionId: 'photo', value: photo.path }],
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { photo: photo.path, submission: res.json() as { id: string } }
}
