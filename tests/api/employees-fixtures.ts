import { and, eq } from 'drizzle-orm'
import type { Permission } from '../../contract/permissions'
import type { App } from '../../server/app'
import { auditEvents } from '../../server/db/schema'
import { unique } from '../helpers/app'
import { lastMail } from '../helpers/auth'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl, type Query } from '../helpers/url'

/** Employees' API calls for the team tests (issue 9). */
export type Headers = Record<string, string>
export const base = (org: string) => apiUrl(API.employees.list, { org })

export const team = (app: App) => ({
  list: (org: string, headers: Headers, query: Query = {}) =>
    app.inject({ url: apiUrl(API.employees.list, { org }, query), headers }),
  create: (org: string, payload: Record<string, unknown>, headers: Headers) =>
    app.inject({ method: 'POST', url: base(org), headers, payload }),
  update: (org: string, id: string, payload: Record<string, unknown>, headers: Headers) =>
    app.inject({ method: 'PUT', url: apiUrl(API.employees.update, { org, id }), headers, payload }),
  effective: (org: string, id: string, headers: Headers) =>
    app.inject({ url: apiUrl(API.employees.effectivePermissions, { org, id }), headers }),
  role: async (org: string, permissions: Permission[], headers: Headers) => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl(API.roles.create, { org }),
      headers,
      payload: { name: unique('Role '), permissions },
    })
    if (res.statusCode !== 201) throw new Error(`role: ${res.body}`)
    return res.json().id as string
  },
  login: (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: apiUrl(API.auth.login),
      payload: { email, password },
      remoteAddress: freshIp(),
    }),
  setPassword: (token: string, password: string) =>
    app.inject({
      method: 'POST',
      url: apiUrl(API.auth.passwordReset),
      payload: { token, password },
      remoteAddress: freshIp(),
    }),
  /** The newest mail to `to` and the set-password token in it. */
  invitation: async (to: string) => {
    const mail = await lastMail(app, to)
    return { mail, token: /set-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '' }
  },
  events: (org: string, event: string) =>
    app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, org), eq(auditEvents.event, event))),
})

export const newEmployee = (access: { salonId: string; roleId: string }[], extra: Record<string, unknown> = {}) => ({
  firstName: 'Zoë',
  lastName: 'Bakker',
  email: `${unique('new-')}@example.test`,
  language: 'en',
  access,
  ...extra,
})
