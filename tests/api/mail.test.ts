import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../server/db/schema'
import { createSmtpMailer } from '../../server/integrations/mail/smtp'
import nodemailer from 'nodemailer'
import { buildTestApp } from '../helpers/app'
import { insertCustomer } from '../helpers/auth'
import { seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { startSmtpServer } from '../helpers/smtp'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

const smtp = await startSmtpServer()
afterAll(() => smtp.stop())
const app = await buildTestApp({ smtpUrl: smtp.url, devMailbox: false, mailFrom: 'Salon <no-reply@salon.test>' })

describe('e-mail over SMTP', () => {
  it('the customer login code arrives over SMTP, in Dutch by default, and the outbox row is marked sent', async () => {
    const org = await seedOrganisation(app)
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginRequest, { org: org.slug }),
      payload: { email: customer.email },
      remoteAddress: freshIp(),
    })
    expect(res.json()).toEqual({ ok: true })
    const mail = await smtp.waitFor((m) => m.to.includes(customer.email))
    expect(mail.from).toBe('no-reply@salon.test')
    const code = /Je inlogcode is: ([A-Z0-9]{6})/.exec(mail.raw)?.[1]
    expect(code).toMatch(/^[A-Z0-9]{6}$/)

    const verify = await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginVerify, { org: org.slug }),
      payload: { email: customer.email, code },
      remoteAddress: freshIp(),
    })
    expect(verify.statusCode).toBe(200)

    await expect
      .poll(async () => {
        const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, customer.email))
        return row?.status
      })
      .toBe('sent')
  })

  it('English when the request asks for it', async () => {
    const org = await seedOrganisation(app)
    const customer = await insertCustomer(app, { organisationId: org.id, salonIds: [org.salons[0].id] })
    await app.inject({
      method: 'POST',
      url: apiUrl(API.auth.customerLoginRequest, { org: org.id }),
      payload: { email: customer.email, language: 'en' },
      remoteAddress: freshIp(),
    })
    const mail = await smtp.waitFor((m) => m.to.includes(customer.email))
    expect(mail.raw).toMatch(/Your login code is: [A-Z0-9]{6}/)
  })

  it('the dev mailbox is off when SMTP is configured', async () => {
    expect((await app.inject({ url: apiUrl(API.dev.mailbox) })).statusCode).toBe(404)
  })
})

describe('SMTP retries', () => {
  it('a temporary failure is retried with backoff and the message still arrives; attempts are counted', async () => {
    const flaky = await startSmtpServer({ failFirst: 2 })
    const mailer = createSmtpMailer({
      db: app.db,
      log: app.log,
      from: 'no-reply@salon.test',
      transport: nodemailer.createTransport(flaky.url),
      backoffMs: [10, 10, 10],
    })
    await mailer.send({ organisationId: null, to: 'retry@example.test', subject: 'Hi', text: 'Hello' })
    await flaky.waitFor((m) => m.to.includes('retry@example.test'))
    await expect
      .poll(async () => {
        const [row] = await app.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, 'retry@example.test'))
        return row && { status: row.status, attempts: row.attempts }
      })
      .toEqual({ status: 'sent', attempts: 3 })
    await mailer.close()
    await flaky.stop()
  })

  it('gives up after the last retry: status failed with the last error', async () => {
    const down = await startSmtpServer({ failFirst: 100 })
    const mailer = createSmtpMailer({
      db: app.db,
      log: app.log,
      from: 'no-reply@salon.test',
      transport: nodemailer.createTransport(down.url),
      backoffMs: [10, 10],
    })
    await mailer.send({ organisationId: null, to: 'down@example.test', subject: 'Hi', text: 'Hello' })
    await expect
      .poll(async () => {
        const [row] = await app.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, 'down@example.test'))
        return row && { status: row.status, attempts: row.attempts, hasError: !!row.lastError }
      })
      .toEqual({ status: 'failed', attempts: 3, hasError: true })
    await mailer.close()
    await down.stop()
  })
})
