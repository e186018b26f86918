import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import type { BenchContext } from '../types'

/**
 * Chromium (CHROMIUM_PATH) with a tablet-sized context where the bench's employee is signed in
 * (the session the app keeps in localStorage, put there before the first page runs), as the
 * browser scenarios against the built app start. Close `browser` when done.
 */
export async function signedInTablet(ctx: BenchContext): Promise<{
  browser: Browser
  context: BrowserContext
  employee: { id: string }
}> {
  const me = await fetch(`${ctx.baseUrl}/api/organisations/${ctx.orgId}/employees/me`, { headers: ctx.headers })
  if (!me.ok) throw new Error(`employees/me: ${me.status}`)
  const employee = (await me.json()) as { id: string }
  const session = { token: ctx.token, expiresAt: new Date(Date.now() + 3_600_000).toISOString(), employee }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  await context.addInitScript((s) => {
    if (!localStorage.getItem('loggedInEmployeeUser')) localStorage.setItem('loggedInEmployeeUser', s)
  }, JSON.stringify(session))
  return { browser, context, employee }
}
