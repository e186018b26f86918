import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../helpers/app'
import { seedOrganisation } from '../helpers/factories'
import { freshIp } from '../helpers/signup'
import { API } from '../../contract/endpoints'
import { apiUrl } from '../helpers/url'

/* Issue 7 #10: security headers on the app and the API; cookies Secure when the request was HTTPS. */
const app = await buildTestApp({ sentryDsn: 'https://abc123@o42.ingest.sentry.io/7' })
const behindProxy = await buildTestApp({ trustProxy: true })

const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy'])

describe('security headers', () => {
  it('every answer (API, files, unknown paths) carries CSP, nosniff, referrer policy and no-framing', async () => {
    for (const url of ['/api/health', apiUrl(API.uploads.imageCategories), '/nowhere', '/api/docs']) {
      const res = await app.inject({ url })
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-frame-options']).toBe('DENY')
      const policy = csp(res)
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).toContain("default-src 'self'")
      expect(policy).toMatch(/script-src 'self'[; ]/)
      // The API reference page carries inline scripts of its own; the app never.
      if (!url.startsWith('/api/docs')) expect(policy).not.toContain('unsafe-inline')
      expect(policy).not.toContain('unsafe-eval')
      // Images only from here: a question image cannot be a tracking pixel on another site.
      expect(policy).toContain("img-src 'self' data: blob:;")
      // Question videos: YouTube and Vimeo players are the only frames.
      expect(policy).toMatch(
        /frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/www\.youtube\.com https:\/\/player\.vimeo\.com;/,
      )
      // The configured Sentry ingest is the only other address the app may call.
      expect(policy).toContain("connect-src 'self' https://o42.ingest.sentry.io;")
    }
  })

  it('stored files keep their own, stricter sandbox policy and nosniff', async () => {
    const res = await app.inject({ url: '/storage/icons/general/star.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(csp(res)).toContain("default-src 'none'")
    expect(csp(res)).toContain('sandbox')
  })

  it('without Sentry configured, the app may call its own origin only', async () => {
    const res = await behindProxy.inject({ url: '/api/health' })
    expect(csp(res)).toContain("connect-src 'self';")
  })
})

describe('cookies are Secure over HTTPS (also behind a proxy with TRUST_PROXY)', () => {
  const storageCookie = async (a: typeof app, headers: Record<string, string>, proto?: string) => {
    const res = await a.inject({
      method: 'POST',
      url: apiUrl(API.uploads.storageSession),
      headers: { ...headers, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
    })
    expect(res.statusCode).toBe(204)
    return res.cookies.find((c) => c.name === 'storage_session')
  }

  it('storage cookie: Secure when the proxy says https, not over plain http', async () => {
    const org = await seedOrganisation(behindProxy)
    expect((await storageCookie(behindProxy, org.owner.headers, 'https'))?.secure).toBe(true)
    expect((await storageCookie(behindProxy, org.owner.headers, 'http'))?.secure).toBeFalsy()
  })

  it('storage cookie: a forged X-Forwarded-Proto is ignored without TRUST_PROXY', async () => {
    const org = await seedOrganisation(app)
    expect((await storageCookie(app, org.owner.headers, 'https'))?.secure).toBeFalsy()
  })

  it('the device cookie of a sign-in is Secure over https too', async () => {
    const org = await seedOrganisation(behindProxy)
    const res = await behindProxy.inject({
      method: 'POST',
      url: apiUrl(API.auth.login),
      payload: { email: org.owner.email, password: 'Password1' },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: freshIp(),
    })
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === 'device_trust')?.secure).toBe(true)
  })
})
