import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { describe, expect, it } from 'vitest'
import { customers, organisations, outboxMessages } from '../../server/db/schema'
import { nextVersion } from '../../server/db/versions'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { postQuestionnaire } from './questionnaires-fixtures'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

// No WhatsApp configuration: messages go to the local outbox.
const app = await buildTestApp()
const org = await seedOrganisation(app)
const salon = org.salons[0]

describe('send without WhatsApp configuration', () => {
  it('send: a WhatsApp message is stored in the local outbox and still takes a credit', async () => {
    await app.db.update(organisations).set({ whatsappCredits: 2 }).where(eq(organisations.id, org.id))
    const q = await postQuestionnaire(app, org.id, salon.id, org.owner.headers)
    const id = uuidv7()
    await app.db.transaction(async (tx) => {
      await tx.insert(customers).values({
        id,
        organisationId: org.id,
        email: `${id}@example.test`,
        firstName: 'Lieke',
        lastName: 'Outbox',
        phoneNumber: '+31655555555',
        salonIds: [salon.id],
        defaultMessagingType: 'whatsapp',
        allowedMessagingTypes: ['whatsapp'],
        version: await nextVersion(tx, org.id),
      })
    })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.questionnaires.send, { org: org.id, salon: salon.id }),
      headers: org.owner.headers,
      payload: { questionnaireId: q.id, customerIds: [id] },
    })
    expect(res.json().sent).toEqual([{ customerId: id, channel: 'whatsapp' }])
    const rows = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, '+31655555555'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ channel: 'whatsapp', status: 'stored', organisationId: org.id })
    expect(rows[0].text).toContain('Hoi Lieke')
    const [o] = await app.db.select().from(organisations).where(eq(organisations.id, org.id))
    expect(o.whatsappCredits).toBe(1)
  })
})
