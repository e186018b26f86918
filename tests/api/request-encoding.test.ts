import { describe, expect, it } from 'vitest'
import { API, ENDPOINTS } from '../../contract/endpoints'
import { ERRORS } from '../../contract/errors'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { platformSessions } from '../helpers/global-admin'
import { apiUrl } from '../helpers/url'
import { fillUrl } from './route-table'

/*
 * Issue 21 #13: a JSON body is UTF-8 or refused. `charset=utf-16` was read as UTF-8 (stored
 * garbled) and invalid bytes were stored as U+FFFD. Every endpoint that takes a JSON body answers
 * 415 UNSUPPORTED_MEDIA_TYPE for another charset and 400 INVALID_ENCODING for broken bytes, before
 * anything runs (server/http/json-body.ts), so nothing changes.
 */

// Plug&Pay configured (without it its webhook answers 503 before the body is read).
const PLUG_AND_PAY = { plugAndPayWebhookKey: 'encoding-key', plugAndPayApiToken: 'token', plugAndPayProductIds: ['1'] }
const app = await buildTestApp(PLUG_AND_PAY)
const org = await seedOrganisation(app, { salons: 1 })
const [salon] = org.salons
// The platform's calls are sent by whom they are for: their gate comes before the body.
const platform = await platformSessions(app)

const withBody = ENDPOINTS.filter((e) => e.body && !e.multipart)
const urlOf = (path: string) => `/api${fillUrl(path, { org: org.id, salon: salon.id })}`
const send = (e: (typeof withBody)[number], contentType: string, payload: Buffer) =>
  app.inject({
    method: e.method,
    url: urlOf(e.path),
    headers: {
      ...(platform.headersFor(e.path) ?? org.owner.headers),
      [app.config.plugAndPayKeyHeader]: PLUG_AND_PAY.plugAndPayWebhookKey,
      'content-type': contentType,
    },
    payload,
  })

const role = { name: 'Zoë’s rôle', permissions: [] }
/** `{"name":"` + 0xFF 0xFE (never valid in UTF-8) + `"}`. */
const BROKEN = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])

describe('request encoding: JSON bodies are UTF-8', () => {
  it('every endpoint with a JSON body refuses another charset (415) and broken UTF-8 (400)', async () => {
    expect(withBody.length).toBeGreaterThan(40)
    const wrong: string[] = []
    for (const e of withBody) {
      const utf16 = await send(e, 'application/json; charset=utf-16', Buffer.from(JSON.stringify(role), 'utf16le'))
      if (utf16.statusCode !== 415 || utf16.json().code !== 'UNSUPPORTED_MEDIA_TYPE')
        wrong.push(`${e.method} ${e.path} utf-16: ${utf16.statusCode} ${utf16.body.slice(0, 80)}`)
      const latin1 = await send(e, 'application/json; charset=ISO-8859-1', Buffer.from('{"name":"Zo\xeb"}', 'latin1'))
      if (latin1.statusCode !== 415) wrong.push(`${e.method} ${e.path} latin-1: ${latin1.statusCode}`)
      const broken = await send(e, 'application/json', BROKEN)
      if (broken.statusCode !== 400 || broken.json().code !== 'INVALID_ENCODING')
        wrong.push(`${e.method} ${e.path} broken bytes: ${broken.statusCode} ${broken.body.slice(0, 80)}`)
    }
    expect(wrong).toEqual([])
  })

  it('the refusals carry the catalogue text; a plain-text body is 415 too', async () => {
    const url = apiUrl(API.roles.create, { org: org.id })
    const headers = (type: string) => ({ ...org.owner.headers, 'content-type': type })
    const utf16 = await app.inject({
      method: 'POST',
      url,
      headers: headers('application/json; charset=UTF-16LE'),
      payload: Buffer.from(JSON.stringify(role), 'utf16le'),
    })
    expect(utf16.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message })
    const broken = await app.inject({ method: 'POST', url, headers: headers('application/json'), payload: BROKEN })
    expect(broken.json()).toEqual({ code: 'INVALID_ENCODING', message: ERRORS.INVALID_ENCODING.message })
    const text = await app.inject({ method: 'POST', url, headers: headers('text/plain'), payload: 'name' })
    expect(text.statusCode).toBe(415)
  })

  it('a refused body changes nothing; UTF-8 (with or without the charset said) is stored as sent', async () => {
    const url = apiUrl(API.roles.create, { org: org.id })
    const list = async () => (await app.inject({ url, headers: org.owner.headers })).json() as { name: string }[]
    const before = await list()
    for (const [type, payload] of [
      ['application/json; charset=utf-16', Buffer.from(JSON.stringify(role), 'utf16le')],
      ['application/json', BROKEN],
    ] as const)
      await app.inject({ method: 'POST', url, headers: { ...org.owner.headers, 'content-type': type }, payload })
    expect(await list()).toEqual(before)
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...org.owner.headers, 'content-type': type },
        payload: Buffer.from(JSON.stringify({ ...role, name: `${role.name} ${type}` })),
      })
      expect(res.statusCode, type).toBe(201)
      expect(res.json().name).toBe(`${role.name} ${type}`)
    }
  })
})
