import type { EmployeeMe } from '../../contract/auth'
import { API } from '../../contract/endpoints'
import type { App } from '../../server/app'
import { lastMail } from './auth'
import { bearer } from './factories'
import { apiUrl } from './url'

/**
 * Issue 21 #16: a test that signs an organisation up through the API and then sends (e-mail,
 * WhatsApp, invitations) confirms the owner's address first, as the owner does: the code from
 * the newest mail to them.
 */
export async function confirmOwnerEmail(
  app: App,
  signedUp: { org: string; input: { admin: { email: string } }; session: { token: string } },
): Promise<EmployeeMe> {
  const mail = await lastMail(app, signedUp.input.admin.email)
  const code = mail?.text.match(/\b[A-Z0-9]{6}\b/)?.[0]
  if (!code) throw new Error(`no confirmation code mailed to ${signedUp.input.admin.email}`)
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(API.organisations.confirmEmail, { org: signedUp.org }),
    headers: bearer(signedUp.session.token),
    payload: { code },
  })
  if (res.statusCode !== 200) throw new Error(`confirm e-mail: ${res.statusCode} ${res.body}`)
  return res.json()
}
