import { v7 as uuidv7 } from 'uuid'
import type { CreateCustomer } from '../../contract/customers'
import type { App } from '../../server/app'
import { unique } from '../helpers/app'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

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

export const newId = () => uuidv7()
